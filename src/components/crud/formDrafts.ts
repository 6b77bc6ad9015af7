/**
 * What an open form held when the session expired, kept for the same address until the user is back. Session
 * storage: it stays in this browser tab only and is gone when the tab closes.
 */
const DRAFT_KEY = 'saber-form-draft';

interface FormDraft {
  /** Address of the form (path and query): the draft is offered only there. */
  address: string;
  resource: string;
  values: Record<string, unknown>;
}

export function keepDraft(draft: FormDraft): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // A full or blocked storage loses the draft, not the page.
  }
}

/** The draft kept for this form, removed from storage as it is handed over. */
export function takeDraft(address: string, resource: string): Record<string, unknown> | undefined {
  let draft: FormDraft | undefined;
  try {
    draft = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as FormDraft | undefined;
  } catch {
    draft = undefined;
  }
  if (!draft || draft.address !== address || draft.resource !== resource) return undefined;
  sessionStorage.removeItem(DRAFT_KEY);
  return draft.values;
}

/** Where the login page sends the user back to: an address of this app, never another site. */
export function safeReturnAddress(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (value === '/login' || value.startsWith('/login?')) return undefined;
  return value;
}
