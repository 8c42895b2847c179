/** The table card's icons (decorative: each button says what it does in its own label). */

export function BasketIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M5 9h14l-1.5 10h-11z" />
      <path d="M9 9l3-5 3 5" />
    </svg>
  );
}

export function QrIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="7" height="7" />
      <rect x="14" y="3" width="7" height="7" />
      <rect x="3" y="14" width="7" height="7" />
      <path d="M14 14h3v3h-3zM20 14v7M14 20h3" />
    </svg>
  );
}

export function EditIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 20h4L19 9l-4-4L4 16z" />
    </svg>
  );
}
