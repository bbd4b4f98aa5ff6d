/** A small OpenAPI document for the reference's tests: two tags, an untagged public operation, a $ref and a quote in an example. */
import type { TOpenApiDoc } from '../lib/openapi';

export const SAMPLE_DOC: TOpenApiDoc = {
  paths: {
    '/api/seeds/{seedId}/rooms': {
      get: {
        tags: ['rooms'],
        summary: '회의실 목록',
        security: [{ bearerAuth: [] }],
        parameters: [{ name: 'seedId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      },
      post: {
        tags: ['rooms'],
        summary: '회의실 만들기',
        security: [{ bearerAuth: [] }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string', example: "회의실 'A'" }, capacity: { type: 'integer', minimum: 1 }, kind: { enum: ['small', 'large'] } },
              },
            },
          },
        },
        responses: { '201': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Room' } } } } },
      },
    },
    '/api/health': { get: { tags: ['system'], summary: '상태 확인' } },
    '/api/chatbot/{botId}/conversations': {
      post: { summary: '대화 시작 (공개)', parameters: [{ name: 'lang', in: 'query', required: true, schema: { type: 'string', default: 'ko' } }] },
    },
  },
  components: { schemas: { Room: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } } } },
};
