/** Waiting: an abortable sleep, and a bounded wait for a promise to settle. */
export { settlesWithin, sleep } from "./wait.ts";
