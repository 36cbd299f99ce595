/**
 * Passwords an attacker tries first (ASVS 6.2.4, 6.2.11): zxcvbn-ts's list of about 49,000
 * common passwords (shipped with the app; no outside service), a few Brazilian favourites it
 * lacks, and the user's own name and e-mail. A password is common when, lower-cased, with
 * look-alike characters read as letters (P@ssw0rd) and digits or symbols trimmed from its ends
 * (Password1!, Senha@123), it is one of them. The spec's rules (8 characters, upper, lower, digit,
 * special) still apply first; this only refuses what passes them and is still guessable.
 */
const BRAZILIAN = ['mudar', 'trocar', 'acesso', 'entrar', 'corinthians', 'saopaulo', 'vascodagama', 'botafogo'];

/** Words shorter than this are not matched after trimming (too many short words would refuse strong passwords). */
const MIN_WORD = 4;

const LOOK_ALIKES: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '!': 'i',
  '|': 'l',
  '8': 'b',
  '9': 'g',
};

let common: Promise<Set<string>> | null = null;

/** Loaded on the first password set, not at start: the package decompresses its list on import (≈ 45 ms). */
function commonList(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set([...dictionary['passwords-common'], ...BRAZILIAN]),
  );
  return common;
}

/** The forms of a password that are compared with the list. */
export function passwordForms(password: string): string[] {
  const lower = password.normalize('NFKC').toLowerCase();
  const readAs = (one: string) => lower.replace(/[@430$57!|89]|1/g, (c) => (c === '1' ? one : (LOOK_ALIKES[c] ?? c)));
  const trim = (s: string) => s.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const forms = new Set<string>();
  for (const s of [lower, readAs('i'), readAs('l')]) {
    forms.add(s);
    forms.add(trim(s));
  }
  return [...forms].filter((form) => form.length >= MIN_WORD);
}

/** The user's own words: the parts of their name and of their e-mail's local part. */
function personalWords(name: string, email: string): string[] {
  const local = email.split('@')[0] ?? '';
  return `${name} ${local}`
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= MIN_WORD);
}

export async function isCommonPassword(password: string, person: { name: string; email: string }): Promise<boolean> {
  const list = await commonList();
  const own = new Set(personalWords(person.name, person.email));
  return passwordForms(password).some((form) => list.has(form) || own.has(form));
}
