/**
 * Shown when the runtime configuration cannot be used. It renders before i18n and Mantine exist,
 * so it carries both languages itself and plain inline styles (allowed by the CSP's style-src).
 */
export function StartupError({ detail }: { detail: string }) {
  return (
    <main
      id="main-content"
      style={{
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
        maxWidth: 640,
        margin: '10vh auto',
        padding: 24,
        color: '#1a1b1e',
        lineHeight: 1.5,
      }}
    >
      <section lang="vi" aria-labelledby="startup-error-vi">
        <h1 id="startup-error-vi" style={{ fontSize: 24 }}>
          Không thể khởi động cổng thông tin
        </h1>
        <p>Cấu hình của cổng thông tin không hợp lệ hoặc không tải được. Vui lòng thử lại sau hoặc liên hệ bộ phận hỗ trợ của ngân hàng.</p>
      </section>
      <hr style={{ margin: '24px 0', border: 0, borderTop: '1px solid #ced4da' }} />
      <section lang="en" aria-labelledby="startup-error-en">
        <h2 id="startup-error-en" style={{ fontSize: 24 }}>
          The merchant portal could not start
        </h2>
        <p>The portal's configuration is invalid or could not be loaded. Please try again later or contact the bank's support.</p>
      </section>
      <details style={{ marginTop: 24 }}>
        <summary>Chi tiết kỹ thuật / Technical details</summary>
        <pre style={{ whiteSpace: 'pre-wrap', fontSize: 13 }} data-testid="startup-error-detail">
          {detail}
        </pre>
      </details>
      <p>
        <button type="button" onClick={() => window.location.reload()} style={{ padding: '8px 16px', fontSize: 16 }}>
          Thử lại / Try again
        </button>
      </p>
    </main>
  );
}
