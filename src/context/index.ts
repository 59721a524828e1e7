export { buildContext } from './build-context.ts';
export type { BuiltContext, ContextOptions } from './build-context.ts';
export { MAX_CONTEXT_BYTES, entryLine } from './format.ts';
export type { ContextRequest, ContextSource } from './select.ts';
export { TYPE_ICONS, iconOf, legendLine } from './type-icons.ts';
export type { AnchorStates } from './anchor-marks.ts';
