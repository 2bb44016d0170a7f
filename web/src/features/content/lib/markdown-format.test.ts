import { describe, expect, it } from 'vitest';
import {
  altFromFileName,
  applyMarkdownFormat,
  insertBlockAfterLine,
  markdownImage,
  removeMarkdownImage,
} from './markdown-format';

const edit = (text: string, selectionStart: number, selectionEnd = selectionStart) => ({
  text,
  selectionStart,
  selectionEnd,
});

describe('applyMarkdownFormat', () => {
  it('wraps the selection in bold, italic or underline markers and keeps it selected', () => {
    expect(applyMarkdownFormat(edit('make this bold', 10, 14), 'bold')).toEqual(
      edit('make this **bold**', 12, 16),
    );
    expect(applyMarkdownFormat(edit('an aside', 3, 8), 'italic')).toEqual(edit('an *aside*', 4, 9));
    expect(applyMarkdownFormat(edit('key', 0, 3), 'underline')).toEqual(edit('<u>key</u>', 3, 6));
  });

  it('unwraps a selection that is already wrapped', () => {
    expect(applyMarkdownFormat(edit('make this **bold**', 12, 16), 'bold')).toEqual(
      edit('make this bold', 10, 14),
    );
    expect(applyMarkdownFormat(edit('<u>key</u>', 3, 6), 'underline')).toEqual(edit('key', 0, 3));
  });

  it('italic inside bold markers adds italic instead of breaking the bold', () => {
    expect(applyMarkdownFormat(edit('**x**', 2, 3), 'italic')).toEqual(edit('***x***', 3, 4));
  });

  it('with nothing selected, puts the caret between the markers', () => {
    expect(applyMarkdownFormat(edit('ab', 1), 'bold')).toEqual(edit('a****b', 3, 3));
  });

  it('makes the current line a heading, replacing another level, and toggles it off', () => {
    expect(applyMarkdownFormat(edit('intro\nTitle here\nbody', 8), 'h2')).toEqual(
      edit('intro\n## Title here\nbody', 6, 19),
    );
    expect(applyMarkdownFormat(edit('intro\n## Title here\nbody', 9), 'h1')).toEqual(
      edit('intro\n# Title here\nbody', 6, 18),
    );
    expect(applyMarkdownFormat(edit('### Done', 2), 'h3')).toEqual(edit('Done', 0, 4));
  });

  it('applies a heading to every selected line', () => {
    expect(applyMarkdownFormat(edit('one\ntwo\nthree', 1, 6), 'h3')).toEqual(
      edit('### one\n### two\nthree', 0, 15),
    );
  });

  it('clamps a selection outside the text', () => {
    expect(applyMarkdownFormat(edit('abc', 10, 20), 'bold')).toEqual(edit('abc****', 5, 5));
  });
});

describe('images in Markdown', () => {
  it('writes and removes image references', () => {
    const md = markdownImage('/images/content/knee-1.png', 'Knee [left]');
    expect(md).toBe('![Knee left](/images/content/knee-1.png)');
    const text = `Intro\n\n${md}\n\nMore ${markdownImage('/images/content/b.png', 'b')}`;
    expect(removeMarkdownImage(text, '/images/content/knee-1.png')).toBe(
      'Intro\n\nMore ![b](/images/content/b.png)',
    );
  });

  it('encodes spaces and parentheses in URLs', () => {
    expect(markdownImage('https://x.example/a (1).png', 'a')).toBe('![a](https://x.example/a%20%281%29.png)');
  });

  it('derives alt text from a file name', () => {
    expect(altFromFileName('knee-exercise_2.JPG')).toBe('knee exercise 2');
    expect(altFromFileName('photo')).toBe('photo');
  });
});

describe('insertBlockAfterLine', () => {
  it('puts an image after the line the cursor is in, never inside a heading or a list item', () => {
    expect(insertBlockAfterLine('# Knee care\nbody', 4, '![a](u)').text).toBe(
      '# Knee care\n\n![a](u)\n\nbody',
    );
    expect(insertBlockAfterLine('- one\n- two', 3, '![a](u)').text).toBe('- one\n\n![a](u)\n\n- two');
    expect(insertBlockAfterLine('', 0, '![a](u)').text).toBe('![a](u)\n\n');
    expect(insertBlockAfterLine('end', 3, '![a](u)')).toEqual({ text: 'end\n\n![a](u)\n\n', end: 12 });
  });
});
