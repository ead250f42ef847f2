package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tablestakes/tablestakes/email"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/webhook"
)

// Notifier delivers the outbox (store/notify.go): e-mails over SMTP and POSTs to league
// webhooks. Every server runs one; they share the work through the database, each
// delivery going to one worker (store.ClaimDeliveries).
type Notifier struct {
	store   *store.Store
	mail    *email.Sender
	client  *http.Client
	baseURL string
	logger  *slog.Logger
}

// claimBatch is how many deliveries a worker claims at a time.
const claimBatch = 20

// NewNotifier returns the notifier of a server deployed with cfg. Unless
// cfg.WebhooksToPrivateAddresses, webhooks may reach only public addresses: a league's
// organiser cannot make the server call into its own network.
func NewNotifier(st *store.Store, logger *slog.Logger, cfg Config) *Notifier {
	// Short timeouts: a receiver that does not answer within WebhookTimeout is a failed
	// attempt, tried again later, not a worker held up (trust review 3, finding 2).
	timeout := cfg.WebhookTimeout
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	dialer := &net.Dialer{Timeout: min(5*time.Second, timeout)}
	if !cfg.WebhooksToPrivateAddresses {
		dialer.Control = webhook.RefusePrivateAddress
	}
	transport := &http.Transport{DialContext: dialer.DialContext, TLSHandshakeTimeout: min(5*time.Second, timeout),
		ResponseHeaderTimeout: timeout, MaxIdleConns: 10, IdleConnTimeout: time.Minute}
	return &Notifier{
		store: st, mail: email.NewSender(cfg.Mail), baseURL: cfg.baseURL(), logger: logger,
		client: &http.Client{Transport: transport, Timeout: timeout,
			// A webhook is delivered where it was registered, not wherever it redirects.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
	}
}

// Run delivers the outbox every interval until ctx ends: it writes the reminders of games
// starting soon, then sends everything due.
func (n *Notifier) Run(ctx context.Context, interval time.Duration) {
	// Each channel has its own loop and ticker: a round of webhooks held up by a slow
	// receiver never delays the next round of mail (trust review 3, finding 2).
	var wg sync.WaitGroup
	for _, ch := range []string{store.ChannelEmail, store.ChannelWebhook} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.NewTicker(interval)
			defer t.Stop()
			for {
				var err error
				if ch == store.ChannelEmail {
					_, err = n.store.EnqueueReminders(ctx)
				}
				if err == nil {
					_, err = n.drain(ctx, ch)
				}
				if err != nil && ctx.Err() == nil {
					n.logger.Error("notifications", "channel", ch, "error", err.Error())
				}
				select {
				case <-ctx.Done():
					return
				case <-t.C:
				}
			}
		}()
	}
	wg.Wait()
}

// RunOnce writes due reminders and delivers every due delivery, and returns how many it
// sent. E-mail and webhooks are delivered independently, each channel by its own loop, so
// a webhook receiver that answers slowly or never holds up no mail (trust review 3,
// finding 2).
func (n *Notifier) RunOnce(ctx context.Context) (int, error) {
	if _, err := n.store.EnqueueReminders(ctx); err != nil {
		return 0, err
	}
	channels := []string{store.ChannelEmail, store.ChannelWebhook}
	sent := make([]int, len(channels))
	errs := make([]error, len(channels))
	var wg sync.WaitGroup
	for i, ch := range channels {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sent[i], errs[i] = n.drain(ctx, ch)
		}()
	}
	wg.Wait()
	return sent[0] + sent[1], errors.Join(errs...)
}

// drain delivers the channel's due deliveries until none is left.
func (n *Notifier) drain(ctx context.Context, channel string) (int, error) {
	sent := 0
	for {
		ds, err := n.store.ClaimDeliveries(ctx, channel, claimBatch)
		if err != nil {
			return sent, err
		}
		if len(ds) == 0 {
			return sent, nil
		}
		if channel == store.ChannelWebhook {
			// Each claimed delivery is for another webhook: they go out side by side, so
			// one slow receiver does not hold up the others.
			oks := make([]bool, len(ds))
			errs := make([]error, len(ds))
			var wg sync.WaitGroup
			for i, d := range ds {
				wg.Add(1)
				go func() {
					defer wg.Done()
					oks[i], errs[i] = n.deliverOne(ctx, d)
				}()
			}
			wg.Wait()
			for _, ok := range oks {
				if ok {
					sent++
				}
			}
			if err := errors.Join(errs...); err != nil {
				return sent, err
			}
			continue
		}
		for _, d := range ds {
			ok, err := n.deliverOne(ctx, d)
			if err != nil {
				return sent, err
			}
			if ok {
				sent++
			}
		}
	}
}

// deliverOne starts a claimed delivery, sends it while renewing its lease, and records the
// outcome; it reports whether the delivery went out. A delivery whose lease ran out before
// it started (taken back for another worker) is left alone.
func (n *Notifier) deliverOne(ctx context.Context, d store.Delivery) (bool, error) {
	started, err := n.store.DeliveryStarted(ctx, d)
	if err != nil || !started {
		return false, err
	}
	renewing, stopRenewing := context.WithCancel(ctx)
	renewed := make(chan struct{})
	go func() {
		defer close(renewed)
		t := time.NewTicker(store.DeliveryLease / 4)
		defer t.Stop()
		for {
			select {
			case <-renewing.Done():
				return
			case <-t.C:
				if err := n.store.RenewDeliveryLease(renewing, d.ID); err != nil && renewing.Err() == nil {
					n.logger.Warn("notification lease not renewed", "delivery", d.ID, "error", err.Error())
				}
			}
		}
	}()
	sendErr := n.deliver(ctx, d)
	stopRenewing()
	<-renewed
	// The outcome is recorded even when ctx has just ended, so that a delivery that went
	// out is never left to look interrupted.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if sendErr == nil {
		return true, n.store.DeliverySent(rctx, d.ID)
	}
	var p permanent
	n.logger.Warn("notification not delivered", "delivery", d.ID, "channel", d.Channel,
		"attempt", d.Attempts, "error", sendErr.Error())
	return false, n.store.DeliveryFailed(rctx, d, sendErr, errors.As(sendErr, &p))
}

// permanent is a delivery failure no retry can mend.
type permanent struct{ error }

// deliver sends one delivery.
func (n *Notifier) deliver(ctx context.Context, d store.Delivery) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	subject, text := n.words(d.Notice)
	switch d.Channel {
	case "email":
		if d.Email == "" {
			return permanent{errors.New("the recipient has no verified e-mail address any more")}
		}
		if !n.mail.Configured() {
			return permanent{email.ErrNotConfigured}
		}
		body := text + "\n\n--\nYou receive this because you play in TableStakes. Choose what you receive: " +
			n.baseURL + "/account#notifications\n"
		return n.mail.Send(ctx, email.Message{To: d.Email, Subject: subject, Body: body})
	case "webhook":
		return n.post(ctx, d, subject, text)
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
func (n *Notifier) post(ctx context.Context, d store.Delivery, subject, text string) error {
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
		payload = WebhookBody{Event: d.Kind, Delivery: d.ID, Subject: subject, Text: text, URL: n.pageURL(d.Notice), Notice: d.Notice}
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return permanent{err}
	}
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
	resp, err := n.client.Do(req)
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

// pageURL is the address of the page a notice is about: its game, or its league.
func (n *Notifier) pageURL(no store.Notice) string {
	switch {
	case no.GameID != 0 && no.Kind != store.NoticeScheduleDrawn && no.Kind != store.NoticeLeagueFinished:
		return n.baseURL + "/games/" + strconv.FormatInt(no.GameID, 10)
	case no.LeagueID != 0:
		return n.baseURL + "/leagues/" + strconv.FormatInt(no.LeagueID, 10)
	}
	return n.baseURL + "/"
}

// words is a notice's subject and plain text, as people read them: league points as
// mixed numbers, dates in the league's time zone.
func (n *Notifier) words(no store.Notice) (subject, text string) {
	gameName := no.Game
	if g, err := scoring.GameBySlug(no.Game); err == nil {
		gameName = g.Name
	}
	where := gameName + " game"
	if no.LeagueName != "" {
		where = fmt.Sprintf("game %d of %s", no.GameNumber, no.LeagueName)
	}
	var b strings.Builder
	switch no.Kind {
	case store.NoticeScheduleDrawn:
		subject = no.LeagueName + ": the schedule is drawn"
		fmt.Fprintf(&b, "%s is full and its schedule is drawn: %d %s of %s.\n", no.LeagueName, no.Games,
			plural(no.Games, "game", "games"), gameName)
	case store.NoticeResultRecorded, store.NoticeResultCorrected:
		verb := "recorded"
		if no.Kind == store.NoticeResultCorrected {
			verb = "corrected"
		}
		subject = fmt.Sprintf("Result %s: %s", verb, where)
		fmt.Fprintf(&b, "The result of %s (%s) was %s.\n", where, gameName, verb)
		if no.Reason != "" {
			fmt.Fprintf(&b, "Reason: %s\n", no.Reason)
		}
		b.WriteString("\n")
		writeNoticeResults(&b, no.Results)
	case store.NoticeResultProposed, store.NoticeResultDisputed:
		if no.Kind == store.NoticeResultProposed {
			subject = fmt.Sprintf("Confirm the result: %s", where)
			fmt.Fprintf(&b, "%s proposed the result of %s (%s). Confirm it or dispute it on the game's page or your desk.\n",
				no.Proposer, where, gameName)
		} else {
			subject = fmt.Sprintf("Result disputed: %s", where)
			fmt.Fprintf(&b, "%s disputed the result %s proposed for %s (%s): the organiser records it.\nReason: %s\n",
				no.DisputedBy, no.Proposer, where, gameName, no.Reason)
		}
		b.WriteString("\n")
		writeNoticeResults(&b, no.Results)
	case store.NoticeGameSoon:
		subject = fmt.Sprintf("Reminder: %s", where)
		fmt.Fprintf(&b, "Your %s is soon", where)
		if no.StartsAt != nil {
			fmt.Fprintf(&b, ": %s", inZone(*no.StartsAt, no.TimeZone))
		}
		if no.Place != "" {
			fmt.Fprintf(&b, ", at %s", no.Place)
		}
		b.WriteString(".\n")
		if no.AttendanceToken != "" {
			fmt.Fprintf(&b, "\nComing? Answer in one tap: %s/attend/%s\n", n.baseURL, no.AttendanceToken)
		}
	case store.NoticeLeagueFinished:
		if no.ClosedEarly {
			subject = no.LeagueName + " was closed early"
			fmt.Fprintf(&b, "The organiser closed %s early; its standings are final as they stand.\n", no.LeagueName)
		} else {
			subject = no.LeagueName + " is finished"
			fmt.Fprintf(&b, "Every game of %s is recorded; its standings are final.\n", no.LeagueName)
		}
	default:
		subject = "TableStakes: " + no.Kind
	}
	fmt.Fprintf(&b, "\n%s\n", n.pageURL(no))
	return subject, b.String()
}

// writeNoticeResults writes a notice's result lines: place, player and league points.
func writeNoticeResults(b *strings.Builder, results []store.NoticeResult) {
	for _, r := range results {
		pts, ok := new(big.Rat).SetString(r.Points)
		shown := r.Points
		if ok {
			shown = scoring.Mixed(pts)
		}
		fmt.Fprintf(b, "%s  %s  %s %s\n", scoring.Ordinal(r.Place), r.Username, shown, plural(pointsCount(pts, ok), "point", "points"))
	}
}

// pointsCount is 1 for exactly one point (singular), else 2.
func pointsCount(r *big.Rat, ok bool) int {
	if ok && r.Cmp(big.NewRat(1, 1)) == 0 {
		return 1
	}
	return 2
}

// inZone writes t in the named time zone, as "Tue 24 Nov 2026, 19:00 (Europe/Amsterdam)".
func inZone(t time.Time, zone string) string {
	loc, err := time.LoadLocation(zone)
	if err != nil || zone == "" {
		loc, zone = time.UTC, "UTC"
	}
	return t.In(loc).Format("Mon 2 Jan 2006, 15:04") + " (" + zone + ")"
}
