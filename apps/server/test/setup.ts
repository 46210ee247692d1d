import '@mandira/contract/messages';
import { afterEach } from 'vitest';
import { answerViolations } from './answer-check.ts';

// An answer that does not conform to the served OpenAPI document fails the test that received it.
afterEach(() => {
  const found = answerViolations.splice(0);
  if (found.length > 0)
    throw new Error(`Answers that do not conform to the API document:\n${found.join('\n')}`);
});
