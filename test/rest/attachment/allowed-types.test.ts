import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectContentType, extensionOf, typeAllowed } from '../../../src/domain/attachment/attachment.rules.ts';

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('which files the allowed types let through (Gitea upload.Verify)', () => {
  it('tells content types from the first bytes as Go http.DetectContentType does', () => {
    assert.equal(detectContentType(bytes('\x89PNG\r\n\x1a\n....')), 'image/png');
    assert.equal(detectContentType(bytes('\xff\xd8\xff\xe0')), 'image/jpeg');
    assert.equal(detectContentType(bytes('GIF89a...')), 'image/gif');
    assert.equal(detectContentType(bytes('%PDF-1.7')), 'application/pdf');
    assert.equal(detectContentType(bytes('PK\x03\x04rest')), 'application/zip');
    assert.equal(detectContentType(bytes('\x1f\x8b\x08\x00')), 'application/x-gzip');
    assert.equal(detectContentType(bytes('  <!DOCTYPE html><html>')), 'text/html; charset=utf-8');
    assert.equal(detectContentType(bytes('<?xml version="1.0"?>')), 'text/xml; charset=utf-8');
    assert.equal(detectContentType(bytes('just words\n')), 'text/plain; charset=utf-8');
    assert.equal(detectContentType(new Uint8Array()), 'text/plain; charset=utf-8');
    assert.equal(detectContentType(bytes('MZ\x90\x00\x03')), 'application/octet-stream');
    assert.equal(detectContentType(bytes('\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom')), 'video/mp4');
  });

  it("takes the extension from the last dot of the name's last segment, as Go path.Ext", () => {
    assert.equal(extensionOf('archive.tar.gz'), '.gz');
    assert.equal(extensionOf('.bashrc'), '.bashrc');
    assert.equal(extensionOf('dir.d/README'), '');
    assert.equal(extensionOf('noext'), '');
  });

  it('allows by extension whatever the content, and by media type (exact or type/*) whatever the name', () => {
    const png = bytes('\x89PNG\r\n\x1a\n....');
    assert.ok(typeAllowed(bytes('MZ'), 'tool.ZIP', '.zip, .txt'));
    assert.ok(!typeAllowed(bytes('MZ..'), 'tool.exe', '.zip,.txt'));
    assert.ok(typeAllowed(png, 'image.bin', 'image/*'));
    assert.ok(typeAllowed(png, 'image.bin', 'image/png'));
    assert.ok(!typeAllowed(bytes('words'), 'notes.bin', 'image/*'));
    assert.ok(typeAllowed(bytes('anything'), 'x.exe', '*/*'));
    assert.ok(typeAllowed(bytes('anything'), 'x.exe', ''), 'an empty list allows everything');
    assert.ok(typeAllowed(bytes('x'), 'a.md', '.txt|.md'), 'the old | separator');
  });

  it('judges a rename, or a file of at most one byte, by its extension alone', () => {
    assert.ok(!typeAllowed(null, 'picture.bin', 'image/*,text/plain'));
    assert.ok(typeAllowed(null, 'picture.png', '.png'));
    assert.ok(!typeAllowed(bytes('a'), 'a.bin', 'text/plain'));
    assert.ok(typeAllowed(bytes('ab'), 'a.bin', 'text/plain'));
  });
});
