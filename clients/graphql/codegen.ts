import type { CodegenConfig } from '@graphql-codegen/cli';

// A typed client for Bazaar's GraphQL API: types for the operations in operations/, and a typed
// document per operation, generated from the printed schema. Paths are from the repository root:
// npm run client:generate (or client:check, which fails when the committed output is stale).

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: 'clients/graphql/operations/*.graphql',
  generates: {
    'clients/graphql/src/generated/graphql.ts': {
      // typescript-operations writes the input and enum types the operations use, so no typescript plugin.
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        // A scalar the schema gains without a mapping here fails the generation instead of becoming `any`.
        strictScalars: true,
        scalars: {
          // ISO 8601 text on the wire; a variable may be a Date, which JSON turns into that text.
          DateTime: { input: 'string | Date', output: 'string' },
          // Money stays exact: "19.99", never a float.
          Decimal: 'string',
          // An upload: a file part of a multipart request, never in a JSON body or an answer.
          File: { input: 'Blob', output: 'never' },
          JSONObject: 'Record<string, unknown>',
          JSON: 'unknown',
          UUID: 'string',
        },
        enumsAsTypes: true,
        useTypeImports: true,
        skipTypename: true,
      },
    },
  },
};

export default config;
