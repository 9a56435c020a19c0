/** What a screen shows while it waits on the session check (SPEC.md §2: the text "Loading"). */
export function LoadingScreen() {
  return (
    <div className="grid min-h-[60dvh] place-items-center px-6">
      <p
        role="status"
        className="flex items-center gap-3 text-sm font-medium text-muted-foreground"
      >
        <span
          className="size-4 animate-spin rounded-full border-2 border-border border-t-primary"
          aria-hidden="true"
        />
        Loading
      </p>
    </div>
  );
}
