/**
 * `run` once input has been quiet for `ms` (typing re-analyses the template; doing it per
 * keystroke would make the page lag on big templates).
 */
export function debounce(run: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      run();
    }, ms);
  };
}
