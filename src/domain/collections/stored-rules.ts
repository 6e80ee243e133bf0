import type { Category } from '../../generated/prisma/client.js';
import type { FieldErrors } from '../../platform/errors/api-error.js';
import { parseRecordId } from '../record-id.js';
import type { SmartRulesInput, StoredRule, StoredRules } from './rule-language.js';

/** Rules as they are stored: money as decimal strings and categories as uuids; an unknown category is named in `errors`. */
export function toStoredRules(input: SmartRulesInput, categories: Category[], field: string, errors: FieldErrors): StoredRules {
  const rules = input.rules.map((rule, i): StoredRule => {
    switch (rule.kind) {
      case 'price_range':
        return { kind: 'price_range', ...(rule.min && { min: rule.min.toFixed(2) }), ...(rule.max && { max: rule.max.toFixed(2) }) };
      case 'category': {
        const ref = parseRecordId(rule.category_id);
        const found = ref && categories.find((c) => ('pId' in ref ? c.pId === ref.pId : c.id === ref.id));
        if (!found) errors[`${field}.rules.${i}.category_id`] = ['names no category of this store (send its uuid or integer id)'];
        return { kind: 'category', category_id: found?.id ?? '' };
      }
      default:
        return rule;
    }
  });
  return { match: input.match, rules };
}
