import { alertTexts } from '@sentinela/shared/alert-text';
import { defineStrings } from './strings';

/**
 * Alert texts (message keys, packages/shared alert-messages.ts) and the names of the rules a
 * site starts with (their name keys): packages/shared alert-text.ts holds them, for the web and
 * the server alike. A seeded rule's Portuguese name there is the seed's, to the letter.
 */
export const alertStrings = defineStrings(alertTexts.pt, alertTexts.en);
