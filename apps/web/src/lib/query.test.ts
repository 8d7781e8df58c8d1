import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readAgainInNewLanguage } from './query';

/** A reference list read on the page: answered after `ms`, in the language asked in when the call left. */
function setUp() {
  const state = { language: 'en', calls: 0 };
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 10 * 60_000, retry: false } } });
  const observer = new QueryObserver(client, {
    queryKey: ['categories'],
    queryFn: () => {
      state.calls += 1;
      const asked = state.language;
      return new Promise<string>((resolve) => setTimeout(() => resolve(`names in ${asked}`), 20));
    },
  });
  const seen: string[] = [];
  const unsubscribe = observer.subscribe((result) => {
    if (result.data && result.data !== seen.at(-1)) seen.push(result.data);
  });
  const settled = () =>
    new Promise<void>((resolve) => {
      const wait = () =>
        observer.getCurrentResult().fetchStatus === 'idle' ? resolve() : setTimeout(wait, 5);
      setTimeout(wait, 5);
    });
  return { state, client, observer, seen, unsubscribe, settled };
}

describe('readAgainInNewLanguage', () => {
  it('asks again for a first read still on its way in the old language', async () => {
    const { state, client, observer, unsubscribe, settled } = setUp();
    // The switch comes while the first call (in English) has no answer yet.
    state.language = 'ar';
    await readAgainInNewLanguage(client);
    await settled();
    expect(observer.getCurrentResult().data).toBe('names in ar');
    expect(state.calls).toBe(2);
    unsubscribe();
  });

  it('reads an answered list again, in the new language', async () => {
    const { state, client, observer, seen, unsubscribe, settled } = setUp();
    await settled();
    expect(observer.getCurrentResult().data).toBe('names in en');
    state.language = 'ar';
    await readAgainInNewLanguage(client);
    await settled();
    expect(seen).toEqual(['names in en', 'names in ar']);
    unsubscribe();
  });
});
