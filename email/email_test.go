package email_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/email"
	"github.com/tablestakes/tablestakes/email/emailtest"
)

func TestSendDeliversToARealSMTPServer(t *testing.T) {
	t.Parallel()
	srv := emailtest.NewServer(t)
	sender := email.NewSender(srv.Config())
	require.True(t, sender.Configured())

	err := sender.Send(context.Background(), email.Message{
		To: "chloe@club.example", Subject: "Réinitialiser ton mot de passe",
		Body: "Bonjour Chloé,\nhttps://tablestakes.example/password/reset?token=abc\n",
	})
	require.NoError(t, err)
	got, ok := srv.Next(5 * time.Second)
	require.True(t, ok, "the server received a message")
	assert.Equal(t, []string{"chloe@club.example"}, got.To)
	assert.Equal(t, "chloe@club.example", got.Message.Header.Get("To"))
	subject, err := new(mime.WordDecoder).DecodeHeader(got.Message.Header.Get("Subject"))
	require.NoError(t, err)
	assert.Equal(t, "Réinitialiser ton mot de passe", subject)
	body, err := io.ReadAll(quotedprintable.NewReader(got.Message.Body))
	require.NoError(t, err)
	assert.Equal(t, "Bonjour Chloé,\r\nhttps://tablestakes.example/password/reset?token=abc\r\n", string(body))
}

func TestSendRefusesWhatCannotBeSent(t *testing.T) {
	t.Parallel()
	assert.ErrorIs(t, email.NewSender(email.Config{}).Send(context.Background(), email.Message{To: "a@b.example"}), email.ErrNotConfigured)
	srv := emailtest.NewServer(t)
	sender := email.NewSender(srv.Config())
	for _, m := range []email.Message{
		{To: "Mallory <m@evil.example>", Subject: "x"},
		{To: "m@evil.example\r\nBcc: x@evil.example", Subject: "x"},
		{To: "m@club.example", Subject: "x\r\nBcc: x@evil.example"},
	} {
		assert.Error(t, sender.Send(context.Background(), m), "%q", m.To)
	}
	_, ok := srv.Next(200 * time.Millisecond)
	assert.False(t, ok, "nothing was sent")
}

// A server stopping (its context cancelled) while the SMTP server greeted it and then
// never answers does not wait on it: the send gives up at once with ctx's error.
func TestSendGivesUpWhenItsContextIsCancelled(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	// asked receives the client's first command (EHLO), which it sends once connected and
	// greeted: from then on, only its context can end the send.
	asked := make(chan string, 1)
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, conn)
			mu.Unlock()
			go func() {
				if _, err := io.WriteString(conn, "220 localhost ESMTP\r\n"); err != nil {
					return
				}
				line, err := bufio.NewReader(conn).ReadString('\n')
				if err == nil {
					asked <- line
				}
			}()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})

	sender := email.NewSender(email.Config{Addr: ln.Addr().String(), From: "league@club.example"})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- sender.Send(ctx, email.Message{To: "ada@club.example", Subject: "x", Body: "x"}) }()
	select {
	case cmd := <-asked:
		require.Contains(t, cmd, "EHLO")
	case <-time.After(time.Minute): // a generous deadline for "eventually"
		t.Fatal("the send never greeted the server")
	}
	cancel()
	select {
	case err := <-done:
		assert.ErrorIs(t, err, context.Canceled)
	case <-time.After(time.Minute): // a generous deadline for "at once"; the server never answers
		t.Fatal("the send still waits on the silent server after its context was cancelled")
	}
}

func TestValidAddress(t *testing.T) {
	t.Parallel()
	for addr, want := range map[string]bool{
		"ada@club.example": true, "a.b+c@x.example": true,
		"": false, "ada": false, "Ada <ada@club.example>": false, "<ada@club.example>": false, " ada@club.example": false,
	} {
		assert.Equal(t, want, email.ValidAddress(addr), "%q", addr)
	}
}

// SendHandingOver calls its hand-over just before the end of the message's data: the
// server has not taken the message then; it has once the send returns. A hand-over that
// fails ends the send there, and the server takes nothing.
func TestSendHandingOverCallsItJustBeforeTheEndOfTheData(t *testing.T) {
	t.Parallel()
	srv := emailtest.NewServer(t)
	sender := email.NewSender(srv.Config())
	m := email.Message{To: "chloe@club.example", Subject: "Result recorded", Body: "You won.\n"}

	calls := 0
	err := sender.SendHandingOver(context.Background(), m, func() error {
		calls++
		_, taken := srv.Next(0)
		assert.False(t, taken, "not taken before the end of the data")
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, 1, calls)
	_, ok := srv.Next(5 * time.Second)
	assert.True(t, ok, "taken once sent")

	err = sender.SendHandingOver(context.Background(), m, func() error { return errors.New("database down") })
	require.ErrorContains(t, err, "database down")
	_, more := srv.Next(200 * time.Millisecond)
	assert.False(t, more, "nothing taken")
}
