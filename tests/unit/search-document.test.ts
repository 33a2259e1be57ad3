// What the export hands Pagefind of a page: the element marked data-pagefind-body, with the page's language and title.
import { describe, expect, it } from 'vitest';
import { searchDocument } from '../../api/publishing/site-export';

describe('searchDocument', () => {
  it('keeps the marked element whole, nested elements of the same name included, and drops the rest', () => {
    const html =
      '<!doctype html><html lang="en"><head><title>Lens | Directory</title><script>var a = 1;</script></head><body><nav>Menu</nav>' +
      '<article class="x" data-pagefind-body data-pagefind-filter="type:Tool"><h1>Lens</h1><article>inner</article><p>About</p></article>' +
      '<section><article>Related</article></section></body></html>';
    expect(searchDocument(html)).toBe(
      '<!doctype html><html lang="en"><head><title>Lens | Directory</title></head><body>' +
        '<article class="x" data-pagefind-body data-pagefind-filter="type:Tool"><h1>Lens</h1><article>inner</article><p>About</p></article></body></html>',
    );
  });

  it('is null for a page without a marked element (it is not indexed)', () => {
    expect(searchDocument('<html lang="en"><body><article><h1>About</h1></article></body></html>')).toBeNull();
  });
});
