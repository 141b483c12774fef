export const STATUS_CODES = {
  badRequest: 400,
  internalServerError: 500,
  notFound: 404,
  ok: 200,
  unauthorized: 401,
  unprocessableEntity: 422,
  tooManyRequests: 429,
};
