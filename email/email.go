// Package email sends TableStakes' e-mail (address verification, password resets) over
// SMTP, configured by the environment (see docs/operations.md, "Accounts and security").
package email

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"strings"
	"time"
)

// DefaultBaseURL is the address people reach TableStakes at when none is configured
// (TABLESTAKES_BASE_URL): the links in e-mails, notifications and invites start with it.
const DefaultBaseURL = "http://127.0.0.1:8080"

// ErrNotConfigured is what Send answers on a server without mail (no SMTP address).
var ErrNotConfigured = errors.New("email: no SMTP server configured")

// Config is how TableStakes reaches its SMTP server.
type Config struct {
	// Addr is the SMTP server's HOST:PORT (TABLESTAKES_SMTP_ADDR); empty means no mail.
	Addr string
	// From is the sender address, with or without a name (TABLESTAKES_SMTP_FROM).
	From string
	// Username and Password authenticate with PLAIN auth when set
	// (TABLESTAKES_SMTP_USERNAME, TABLESTAKES_SMTP_PASSWORD). net/smtp refuses to send
	// them unencrypted except to localhost, so a remote server must offer STARTTLS.
	Username, Password string
}

// Message is one plain-text e-mail to one recipient.
type Message struct {
	To      string
	Subject string
	Body    string
}

// Sender sends messages through the configured SMTP server.
type Sender struct {
	cfg Config
}

// NewSender returns a Sender for cfg. A Sender with no Addr sends nothing
// (ErrNotConfigured), for servers without mail.
func NewSender(cfg Config) *Sender {
	return &Sender{cfg: cfg}
}

// Configured reports whether the Sender has an SMTP server to send through.
func (s *Sender) Configured() bool { return s != nil && s.cfg.Addr != "" }

// ValidAddress reports whether addr is a bare e-mail address (no display name, no
// angle brackets), as TableStakes stores them.
func ValidAddress(addr string) bool {
	a, err := mail.ParseAddress(addr)
	return err == nil && a.Address == addr && a.Name == "" && len(addr) <= 254
}

// Send delivers m: it connects to the server, says STARTTLS when the server offers it,
// authenticates when configured, and sends the message. It gives up as soon as ctx ends
// (cancelled, or past its deadline), even while the server stays silent, and then returns
// ctx's error.
func (s *Sender) Send(ctx context.Context, m Message) error {
	if !s.Configured() {
		return ErrNotConfigured
	}
	if !ValidAddress(m.To) {
		return fmt.Errorf("email: bad recipient %q", m.To)
	}
	from, err := mail.ParseAddress(s.cfg.From)
	if err != nil {
		return fmt.Errorf("email: sender address %q: %w", s.cfg.From, err)
	}
	msg, err := compose(from, m)
	if err != nil {
		return err
	}
	host, _, err := net.SplitHostPort(s.cfg.Addr)
	if err != nil {
		return fmt.Errorf("email: SMTP address: %w", err)
	}
	d := net.Dialer{Timeout: 30 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", s.cfg.Addr)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return fmt.Errorf("email: connect: %w", ctxErr)
		}
		return fmt.Errorf("email: connect: %w", err)
	}
	// When ctx ends, every read and write on the connection fails at once: a server that
	// does not answer holds nobody up past it.
	stop := context.AfterFunc(ctx, func() { conn.SetDeadline(time.Now()) })
	defer stop()
	if err := converse(conn, host, s.cfg, from.Address, m.To, msg); err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return fmt.Errorf("email: %w", ctxErr)
		}
		return err
	}
	return nil
}

// converse sends msg over conn, a connection to the SMTP server at host, and closes conn.
func converse(conn net.Conn, host string, cfg Config, from, to string, msg []byte) error {
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("email: greeting: %w", err)
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}); err != nil {
			return fmt.Errorf("email: starttls: %w", err)
		}
	}
	if cfg.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", cfg.Username, cfg.Password, host)); err != nil {
			return fmt.Errorf("email: auth: %w", err)
		}
	}
	if err := c.Mail(from); err != nil {
		return fmt.Errorf("email: MAIL FROM: %w", err)
	}
	if err := c.Rcpt(to); err != nil {
		return fmt.Errorf("email: RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("email: DATA: %w", err)
	}
	if _, err := w.Write(msg); err != nil {
		return fmt.Errorf("email: write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("email: end of data: %w", err)
	}
	if err := c.Quit(); err != nil {
		return fmt.Errorf("email: quit: %w", err)
	}
	return nil
}

// compose renders m as an RFC 5322 message: UTF-8 text, quoted-printable, the subject
// encoded for non-ASCII.
func compose(from *mail.Address, m Message) ([]byte, error) {
	if strings.ContainsAny(m.Subject, "\r\n") {
		return nil, errors.New("email: subject holds a line break")
	}
	var b bytes.Buffer
	domain := "tablestakes.invalid"
	if at := strings.LastIndexByte(from.Address, '@'); at >= 0 {
		domain = from.Address[at+1:]
	}
	fmt.Fprintf(&b, "From: %s\r\n", from.String())
	fmt.Fprintf(&b, "To: %s\r\n", m.To)
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", m.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", time.Now().UTC().Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@%s>\r\n", rand.Text(), domain)
	b.WriteString("MIME-Version: 1.0\r\n")
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\n")
	b.WriteString("Content-Transfer-Encoding: quoted-printable\r\n\r\n")
	qp := quotedprintable.NewWriter(&b)
	if _, err := qp.Write([]byte(strings.ReplaceAll(m.Body, "\n", "\r\n"))); err != nil {
		return nil, fmt.Errorf("email: encode body: %w", err)
	}
	if err := qp.Close(); err != nil {
		return nil, fmt.Errorf("email: encode body: %w", err)
	}
	return b.Bytes(), nil
}
