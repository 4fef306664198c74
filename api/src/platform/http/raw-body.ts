/** The bytes of a JSON request as they arrived (bootstrap.ts keeps them): signatures are checked over them. */
declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

export {};
