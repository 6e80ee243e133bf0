import type { Question } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { hasNoNul } from '../../platform/validation/text-rules.js';
import { questionLimits } from './question-limits.js';
import { inReviewTransaction, type ReviewScope } from './review-scope.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findQuestion(scope: Pick<ReviewScope, 'db'>, id: string): Promise<Question> {
  const question = uuidPattern.test(id) ? await scope.db.question.findUnique({ where: { uid: id.toLowerCase() } }) : null;
  if (!question) throw ApiError.notFound('Question');
  return question;
}

/** The store's answer, which publishes the question; answering again replaces the answer. */
export async function answerQuestion(scope: ReviewScope, input: { id: string; text: string }): Promise<Question> {
  const text = typeof input.text === 'string' ? input.text.trim() : '';
  if (!text || text.length > questionLimits.maxAnswerLength || !hasNoNul(text)) {
    throw new ApiError('validation_failed', `text must be 1 to ${questionLimits.maxAnswerLength} characters.`, {
      fieldErrors: { text: [`must be 1 to ${questionLimits.maxAnswerLength} characters`] },
    });
  }
  return inReviewTransaction(scope, async (db, outbox) => {
    const question = await findQuestion({ db }, input.id);
    const answered = await db.question.update({ where: { id: question.id }, data: { answer: text, answeredAt: scope.now, status: 'published' } });
    outbox.append({ topic: 'questions/update', payload: { id: answered.uid, product_id: answered.productId, status: answered.status } });
    return answered;
  });
}
