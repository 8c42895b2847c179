/**
 * Node-side helpers for the e-invoice specs (docs/areas/einvoice.md): they reach the sandbox's
 * product backend with a merchant's own sign-in and the provider emulators with the merchant's own
 * provider account, so a spec can put a merchant into a state (set up, one invoice issued, a fault
 * armed) without driving the screens that other specs test. Plain fetch, no browser.
 */
export * from './einvoice/portal';
export * from './einvoice/provider';
export * from './einvoice/issue';
