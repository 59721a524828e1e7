export { elide } from './elide.ts';
export { REDACTION_RULES, redactSecrets, type RedactionRuleInfo } from './redact-secrets.ts';
export { mayNeedSanitizing, sanitizeText, sanitizeToolField, sanitizeValue } from './sanitize.ts';
export { isFullyPrivate, stripTags } from './strip-tags.ts';
