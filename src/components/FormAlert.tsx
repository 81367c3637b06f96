export function FormAlert({
  text,
  kind = 'error',
}: {
  text: string | null;
  kind?: 'error' | 'success';
}) {
  if (!text) return null;
  return (
    <div className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </div>
  );
}
