package email_test

import (
	"context"
	"io"
	"mime"
	"mime/quotedprintable"
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

func TestValidAddress(t *testing.T) {
	t.Parallel()
	for addr, want := range map[string]bool{
		"ada@club.example": true, "a.b+c@x.example": true,
		"": false, "ada": false, "Ada <ada@club.example>": false, "<ada@club.example>": false, " ada@club.example": false,
	} {
		assert.Equal(t, want, email.ValidAddress(addr), "%q", addr)
	}
}
