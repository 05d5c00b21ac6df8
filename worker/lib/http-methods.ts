const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** POST, PUT, PATCH and DELETE: the methods that may change state (and so need a CSRF token). */
export const isWriteMethod = (method: string) => WRITE_METHODS.has(method.toUpperCase())
