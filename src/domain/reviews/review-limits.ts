/** Page sizes and text caps of reviews (README, Reviews and questions). */
export const reviewLimits = {
  maxPageSize: 50,
  defaultPageSize: 10,
  maxPage: 50,
  maxTitleLength: 150,
  maxBodyLength: 5000,
  maxAuthorLength: 80,
  maxReplyLength: 2000,
} as const;
