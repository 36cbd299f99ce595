/** One zod issue of an input, flattened and in the caller's language (error.data.issues). */
export interface FieldIssue {
  path: string;
  message: string;
}
