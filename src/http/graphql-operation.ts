import { Kind, parse, type OperationDefinitionNode } from 'graphql';

/**
 * The operation a GraphQL request runs, read from its text before Yoga executes it (for the
 * catalogue cache and page-view counting): the named one, or the only one; null for a document
 * that does not parse or does not say which operation to run (Yoga answers those itself).
 */
export function operationOf(query: string, operationName: string | undefined): OperationDefinitionNode | null {
  try {
    const operations = parse(query).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    if (operationName) return operations.find((o) => o.name?.value === operationName) ?? null;
    return operations.length === 1 ? operations[0]! : null;
  } catch {
    return null;
  }
}
