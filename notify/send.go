package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strconv"
	"time"

	"github.com/tablestakes/tablestakes/email"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/webhook"
)

// permanent is a delivery failure no retry can mend.
type permanent struct{ error }

// deliver sends one delivery, calling handed just before the message is handed over (the
// end of the SMTP data, the webhook's connection ready for the request): from then on it
// may have arrived whatever happens. An error from handed stops the send there.
func (w *Worker) deliver(ctx context.Context, d store.Delivery, handed func() error) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	// An e-mail is in its recipient's language, English when they chose none; a webhook,
	// which has no recipient, in English.
	lang := locales.ForAccount(d.Language)
	subject, text := w.words(lang, d.Notice)
	switch d.Channel {
	case "email":
		if d.Email == "" {
			return permanent{errors.New("the recipient has no verified e-mail address any more")}
		}
		if !w.mail.Configured() {
			return permanent{email.ErrNotConfigured}
		}
		body := text + "\n\n--\n" + lang.T("mail.footer", map[string]any{"Link": w.baseURL + "/account#notifications"}) + "\n"
		return w.mail.SendHandingOver(ctx, email.Message{To: d.Email, Subject: subject, Body: body}, func() error {
			if err := handed(); err != nil {
				return errHandOff(err)
			}
			return nil
		})
	case "webhook":
		return w.post(ctx, d, subject, text, handed)
	}
	return permanent{fmt.Errorf("unknown channel %q", d.Channel)}
}

// WebhookBody is what a "json" webhook receives.
type WebhookBody struct {
	// Event is the notice's kind; Delivery the outbox row, the same on a retry.
	Event    string `json:"event"`
	Delivery int64  `json:"delivery"`
	Subject  string `json:"subject"`
	Text     string `json:"text"`
	// URL is the page the notice is about.
	URL    string       `json:"url"`
	Notice store.Notice `json:"notice"`
}

// post sends a webhook delivery: its body in the webhook's format, signed.
func (w *Worker) post(ctx context.Context, d store.Delivery, subject, text string, handed func() error) error {
	var payload any
	switch d.WebhookFormat {
	case "discord":
		content := "**" + subject + "**\n" + text
		if r := []rune(content); len(r) > 2000 { // Discord's limit on a message
			content = string(r[:1999]) + "…"
		}
		payload = map[string]string{"content": content}
	case "slack":
		payload = map[string]string{"text": "*" + subject + "*\n" + text}
	default:
		payload = WebhookBody{Event: d.Kind, Delivery: d.ID, Subject: subject, Text: text, URL: w.pageURL(d.Notice), Notice: d.Notice}
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return permanent{err}
	}
	// The request goes out once a connection is ready: that is when it is handed over.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var handOffErr error
	ctx = httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{GotConn: func(httptrace.GotConnInfo) {
		if err := handed(); err != nil {
			handOffErr = errHandOff(err)
			cancel()
		}
	}})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.WebhookURL, bytes.NewReader(body))
	if err != nil {
		return permanent{err}
	}
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "TableStakes-Webhook/1")
	req.Header.Set("X-TableStakes-Event", d.Kind)
	req.Header.Set("X-TableStakes-Delivery", strconv.FormatInt(d.ID, 10))
	req.Header.Set("X-TableStakes-Timestamp", ts)
	req.Header.Set("X-TableStakes-Signature", "sha256="+webhook.Sign(d.WebhookSecret, ts, body))
	resp, err := w.client.Do(req)
	if err != nil && handOffErr != nil {
		return handOffErr
	}
	if err != nil {
		if errors.Is(err, webhook.ErrPrivateAddress) {
			return permanent{webhook.ErrPrivateAddress}
		}
		// The client's error quotes the whole address, the receiver's key: the error goes
		// to the manage page and the log with the host only.
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = fmt.Errorf("POST to %s: %w", store.WebhookHost(d.WebhookURL), uerr.Err)
		}
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return nil
	case resp.StatusCode == http.StatusRequestTimeout || resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return fmt.Errorf("webhook answered %s", resp.Status)
	}
	return permanent{fmt.Errorf("webhook answered %s", resp.Status)}
}
