/**
 * A promise settled in a later task of the browser's event loop (not a microtask): work after it
 * runs in a task of its own, so a long start-up is cut into tasks short enough not to hold back
 * a tap or a key.
 * @example await nextTask()
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))
