import { describe, expect, it } from 'vitest';
import { readFluentSources, translatorFor } from '../../src/text/i18n.js';
import { messageVariables } from './fluent-variables.js';

/**
 * A batch is named the same in every Persian message about it. دسته is a
 * catalog category there (/catalog, the order's product list): a step-up
 * prompt that said "approve دسته ۱۲" would ask an administrator's code for
 * something that reads as a category.
 */
describe('the Persian words for a batch', () => {
  const fa = translatorFor('fa');
  const batchWord = 'سفارش گروهی';
  const batchMessages = readFluentSources('fa').flatMap((file) => [...messageVariables(file.source)].filter(([key]) => key.startsWith('batch-') || key === 'step-up-what-batch' || key === 'step-up-what-batch-group'));

  it.each(['step-up-what-batch', 'step-up-what-batch-group'])('%s names the batch as its approval card does, with its number in Persian digits', (key) => {
    expect(fa('batch-approval-decided-title', { id: '۱۲' })).toContain(batchWord);
    const prompt = fa(key, { id: '۱۲' });
    expect(prompt).toContain(batchWord);
    expect(prompt).toContain('۱۲');
  });

  it('never call a batch a category', () => {
    expect(batchMessages.length).toBeGreaterThan(50);
    const saidCategory = batchMessages.filter(([key, names]) => fa(key, Object.fromEntries(names.map((name) => [name, '۳']))).includes('دسته')).map(([key]) => key);
    expect(saidCategory).toEqual([]);
  });
});
