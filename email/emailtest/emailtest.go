// Package emailtest runs a real SMTP server (github.com/emersion/go-smtp) on a loopback
// port for tests, and hands over the messages it receives.
package emailtest

import (
	"bytes"
	"io"
	"net"
	"net/mail"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/tablestakes/tablestakes/email"
)

// Received is one message the server accepted.
type Received struct {
	From string
	To   []string
	// Message is the parsed message; Body its decoded text.
	Message *mail.Message
	Raw     []byte
}

// Server is an SMTP server for one test.
type Server struct {
	// Addr is the server's HOST:PORT.
	Addr     string
	received chan Received
}

// NewServer starts an SMTP server on a loopback port, stopped when the test ends.
func NewServer(t testing.TB) *Server {
	t.Helper()
	s := &Server{received: make(chan Received, 100)}
	srv := smtp.NewServer(backend{s})
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("emailtest: listen: %v", err)
	}
	s.Addr = ln.Addr().String()
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(ln); err != nil && err != smtp.ErrServerClosed {
			t.Errorf("emailtest: serve: %v", err)
		}
	}()
	t.Cleanup(func() {
		srv.Close()
		<-done
	})
	return s
}

// Config is an email.Config sending through this server.
func (s *Server) Config() email.Config {
	return email.Config{Addr: s.Addr, From: "TableStakes <tablestakes@club.example>"}
}

// Next waits up to timeout for the next message; ok is false if none came.
func (s *Server) Next(timeout time.Duration) (Received, bool) {
	select {
	case r := <-s.received:
		return r, true
	case <-time.After(timeout):
		return Received{}, false
	}
}

// backend makes a session per connection.
type backend struct{ s *Server }

// NewSession starts one SMTP session.
func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) {
	return &session{s: b.s}, nil
}

// session collects one message's envelope and data.
type session struct {
	s    *Server
	from string
	to   []string
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.to = append(ss.to, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	ss.s.received <- Received{From: ss.from, To: ss.to, Message: msg, Raw: raw}
	return nil
}

func (ss *session) Reset() {
	ss.from, ss.to = "", nil
}

func (ss *session) Logout() error { return nil }
