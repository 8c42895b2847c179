import { describe, expect, it } from 'vitest';
import { connectSources, contentSecurityPolicy } from './security-headers';

describe('CSP connect-src names the realtime origin, never any ws:/wss: host (issue 10, core §7 realtime)', () => {
  it('same origin by default: self and the page origin in socket form', () => {
    expect(connectSources({ pageOrigin: 'http://127.0.0.1:5280' })).toEqual(["'self'", 'ws://127.0.0.1:5280']);
    expect(connectSources({ pageOrigin: 'http://127.0.0.1:5280', realtimeUrl: '' })).toEqual(["'self'", 'ws://127.0.0.1:5280']);
    expect(connectSources({ pageOrigin: 'http://127.0.0.1:5280', realtimeUrl: '/rt' })).toEqual(["'self'", 'ws://127.0.0.1:5280']);
  });

  it('adds the public origin (a TLS proxy in front makes it wss:) and an absolute realtime URL in both forms', () => {
    expect(
      connectSources({
        pageOrigin: 'http://127.0.0.1:5280',
        publicUrl: 'https://portal.example.vn',
        realtimeUrl: 'https://rt.example.vn/socket',
      }),
    ).toEqual(["'self'", 'ws://127.0.0.1:5280', 'wss://portal.example.vn', 'https://rt.example.vn', 'wss://rt.example.vn']);
    expect(connectSources({ pageOrigin: 'http://127.0.0.1:5280', realtimeUrl: 'wss://rt.example.vn:8443' })).toContain(
      'https://rt.example.vn:8443',
    );
  });

  it('never a bare scheme', () => {
    const policy = contentSecurityPolicy(connectSources({ pageOrigin: 'http://localhost:5280', realtimeUrl: 'javascript:alert(1)' }));
    const connect = /connect-src ([^;]+)/.exec(policy)![1]!.split(' ');
    expect(connect).toEqual(["'self'", 'ws://localhost:5280']);
    expect(connect.some((s) => /^wss?:$/.test(s))).toBe(false);
  });
});

describe('CSP frames: only the portal itself and blob: URLs (the e-invoice PDF popup), never plugins', () => {
  it("frame-src is 'self' blob: and object-src stays 'none'", () => {
    const policy = contentSecurityPolicy(["'self'"]);
    expect(/frame-src ([^;]+)/.exec(policy)![1]).toBe("'self' blob:");
    expect(/object-src ([^;]+)/.exec(policy)![1]).toBe("'none'");
    expect(/frame-ancestors ([^;]+)/.exec(policy)![1]).toBe("'none'");
  });
});
