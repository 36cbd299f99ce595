import { configure } from '@testing-library/react';

/**
 * `findBy…` and `waitFor` wait up to 5 s instead of Testing Library's 1 s: a form that loads its
 * schema on submit, or a lazy chunk, can take longer than a second when the suite shares the
 * machine's two cores with the server tests. A test that passes still passes at once; only a
 * slow machine waits longer before it fails.
 */
configure({ asyncUtilTimeout: 5_000 });
