/** An error the node's API returns, with the node's numeric code and message (reference §3). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  static badRequest(detail: string): ApiError {
    return new ApiError(-32000, `Bad request: ${detail}`);
  }
  static internal(detail: string): ApiError {
    return new ApiError(-32001, `Internal server error: ${detail}`);
  }
  static inconsistency(detail: string): ApiError {
    return new ApiError(-32016, `Inconsistency error: ${detail}`);
  }
  static models(detail: string): ApiError {
    return new ApiError(-32013, `Models error: ${detail}`);
  }
  static invalidParams(detail = 'Invalid params'): ApiError {
    return new ApiError(-32602, detail);
  }
  static wrongApi(): ApiError {
    return new ApiError(-32019, 'The wrong API (either Public or Private) was called');
  }
  static notFound(): ApiError {
    return new ApiError(-32004, 'Not found');
  }
}
