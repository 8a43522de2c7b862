// Migration 110: verification mails sent to each recipient address (notify/mail.ts), counted in a
// window per address so that no number of profiles, addresses or instances can put more than a
// few verification mails a day into one inbox. The address is kept only as a keyed hash of its
// normalised form (recipientKey), and a row lives one window: nothing here names anybody.
export function mailRecipientsSchema(dialect: 'pg' | 'sqlite'): string {
  const pg = dialect === 'pg';
  const INT8 = pg ? 'BIGINT' : 'INTEGER';
  const NO_ROWID = pg ? '' : ' WITHOUT ROWID';
  return `
CREATE TABLE mail_recipients (
  recipient TEXT PRIMARY KEY,
  window_start ${INT8} NOT NULL,
  sent INTEGER NOT NULL
)${NO_ROWID};
CREATE INDEX mail_recipients_window ON mail_recipients (window_start);
`;
}
