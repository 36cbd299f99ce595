// The alert sentences live in packages/shared (alert-text.ts): the server words the events CSV
// and the notification e-mails with the same module.
export { alertText, ruleName, type AlertTextSource } from '@sentinela/shared/alert-text';
