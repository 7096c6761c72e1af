// InternalError is a fault of the site itself (its data or its code), not of the network: a page
// module without a default export, a sidebar or docs id that does not exist, a docs lookup with no
// docs. Retrying or reloading cannot help, so the shell shows it as a crash naming what is wrong
// (the error boundary), never as a load failure with Retry.
export class InternalError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = 'InternalError';
  }
}
