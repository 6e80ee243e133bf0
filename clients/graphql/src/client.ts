import { randomUUID } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { getOperationAST, print } from 'graphql';

/** Who is calling: the store's key, and for a shopper the cart session and, once signed in, the session's access token. */
export interface Caller {
  clientKey: string;
  cartSession?: string;
  accessToken?: string;
}

export interface ClientOptions extends Caller {
  /** The server, such as http://localhost:4000; the API is at /graphql. */
  url: string;
  /** Any fetch; Node's own by default. */
  fetch?: typeof fetch;
}

/** A request-level refusal or a field error, as `errors[]` carries it; `code` is the REST error code. */
export class GraphQLError extends Error {
  constructor(
    readonly status: number,
    readonly errors: { message: string; extensions?: { code?: string; request_id?: string } }[],
  ) {
    super(errors.map((e) => `${e.extensions?.code ?? 'error'}: ${e.message}`).join('; '));
  }
}

/**
 * A client for one caller: `request` takes a generated document, so its variables and its answer
 * are typed from schema.graphql. Mutations carry an Idempotency-Key, so a retry of the same call
 * after a lost answer replays the first answer instead of running again.
 */
export function bazaarClient(options: ClientOptions) {
  const send = options.fetch ?? fetch;
  const endpoint = new URL('/graphql', options.url).toString();

  async function request<Result, Variables>(document: TypedDocumentNode<Result, Variables>, variables: Variables): Promise<Result> {
    const operation = getOperationAST(document);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', 'x-client-key': options.clientKey };
    if (options.cartSession) headers['x-cart-session'] = options.cartSession;
    if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
    if (operation?.operation === 'mutation') headers['idempotency-key'] = randomUUID();
    const response = await send(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: print(document), operationName: operation?.name?.value, variables }),
    });
    const answer = (await response.json()) as { data?: Result | null; errors?: GraphQLError['errors'] };
    if (answer.errors?.length || !answer.data) throw new GraphQLError(response.status, answer.errors ?? []);
    return answer.data;
  }

  return {
    request,
    /** The same server as another caller: a shopper who signed in, or another cart. */
    as: (caller: Partial<Caller>) => bazaarClient({ ...options, ...caller }),
  };
}

export type BazaarClient = ReturnType<typeof bazaarClient>;
