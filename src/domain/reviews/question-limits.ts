/** Page sizes and text caps of questions (README, Reviews and questions). */
export const questionLimits = { maxPageSize: 50, defaultPageSize: 10, maxPage: 50, maxQuestionLength: 1000, maxAnswerLength: 2000, maxAuthorLength: 80 } as const;
