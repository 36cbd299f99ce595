/** The .txt the user downloads: a header line, a blank line, then one code per line. */
export function recoveryCodesFile(header: string, codes: readonly string[]): string {
  return `${header}\n\n${codes.join('\n')}\n`;
}
