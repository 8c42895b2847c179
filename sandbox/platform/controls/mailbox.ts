import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import type { Mail } from '../mail/mailbox';
import { escapeHtml, page } from './html';

/** Only the sandbox's own http(s) links become clickable; anything else stays text. */
const safeHref = (link: string) => /^https?:\/\//i.test(link);

function renderMail(mail: Mail): string {
  const links = mail.links
    .map((l) => (safeHref(l) ? `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>` : `<li>${escapeHtml(l)}</li>`))
    .join('');
  return `<article class="card">
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">#${mail.id} · to ${escapeHtml(mail.to)} · ${escapeHtml(new Date(mail.sent_at).toISOString())}</p>
<pre>${escapeHtml(mail.text)}</pre>
${links ? `<ul>${links}</ul>` : ''}
</article>`;
}

/** GET /sandbox/mailbox (a page for people) and GET /sandbox/mailbox/messages?to= (JSON for tests). */
export function registerMailboxControls(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/sandbox/mailbox', async (request, reply) => {
    const to = (request.query as { to?: string }).to;
    const mails = await ctx.mailbox.list(to || undefined);
    const heading = to ? `Hộp thư sandbox / Sandbox mailbox: ${to}` : 'Hộp thư sandbox / Sandbox mailbox';
    const body = `<h1>${escapeHtml(heading)}</h1>
<p class="note">Mails the sandbox would have sent (newest first). Nothing leaves this machine.</p>
${mails.length ? mails.map(renderMail).join('\n') : '<p>Chưa có thư nào. / No mail yet.</p>'}`;
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page('Sandbox mailbox', body));
  });

  app.get('/sandbox/mailbox/messages', async (request, reply) => {
    const to = (request.query as { to?: string }).to;
    reply.header('Cache-Control', 'no-store');
    return ctx.mailbox.list(to || undefined);
  });
}
