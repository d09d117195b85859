import { ErrorResponse } from '../../contract/errors';

/** `content` of an OpenAPI request or response whose body is JSON of `schema`. */
export const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

/** A required JSON request body. */
export const jsonBody = <T>(schema: T) => ({ body: { required: true, ...json(schema) } });

/** An error response: the one ErrorResponse shape, with a description. */
export const errorResponse = (description: string) => ({ description, ...json(ErrorResponse) });
