// Package notify is the notification worker every server runs beside its HTTP server:
// it delivers the outbox the league's events wrote (store/outbox.go) by e-mail and to
// league webhooks, words each notice for people, and writes the reminders of games
// starting soon. serve starts it; the web package never does.
package notify

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/tablestakes/tablestakes/email"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/webhook"
)

// Config is how a server's notification worker is deployed, read once by serve.
type Config struct {
	// Mail is the SMTP server notifications are sent through; without an address no
	// e-mail goes out (each is given up as not configured).
	Mail email.Config
	// BaseURL is the address people reach TableStakes at (default http://127.0.0.1:8080),
	// which the links in notifications start with.
	BaseURL string
	// WebhooksToPrivateAddresses lets league webhooks reach loopback and private
	// addresses (TABLESTAKES_WEBHOOK_PRIVATE_ADDRESSES=1), for a receiver on the server's
	// own network. Off by default, so that a league organiser cannot make the server call
	// into its network.
	WebhooksToPrivateAddresses bool
	// WebhookTimeout bounds one webhook delivery, from dialling to the answer (default
	// 10 s): a slow receiver's delivery fails and is tried again later.
	WebhookTimeout time.Duration
	// Interval is how often Run looks for notifications to deliver (default 10 s): a
	// result's mail goes out within about this long of its recording.
	Interval time.Duration
}

// Worker delivers the outbox (store/outbox.go): e-mails over SMTP and POSTs to league
// webhooks. Every server runs one; they share the work through the database, each
// delivery going to one worker (store.ClaimDeliveries).
type Worker struct {
	store    *store.Store
	mail     *email.Sender
	client   *http.Client
	baseURL  string
	interval time.Duration
	logger   *slog.Logger
}

// claimBatch is how many deliveries a worker claims at a time.
const claimBatch = 20

// New returns the notification worker of a server deployed with cfg. Unless
// cfg.WebhooksToPrivateAddresses, webhooks may reach only public addresses: a league's
// organiser cannot make the server call into its own network.
func New(st *store.Store, logger *slog.Logger, cfg Config) *Worker {
	// Short timeouts: a receiver that does not answer within WebhookTimeout is a failed
	// attempt, tried again later, not a worker held up (trust review 3, finding 2).
	timeout := cfg.WebhookTimeout
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	interval := cfg.Interval
	if interval <= 0 {
		interval = 10 * time.Second
	}
	baseURL := strings.TrimRight(cfg.BaseURL, "/")
	if baseURL == "" {
		baseURL = email.DefaultBaseURL
	}
	dialer := &net.Dialer{Timeout: min(5*time.Second, timeout)}
	if !cfg.WebhooksToPrivateAddresses {
		dialer.Control = webhook.RefusePrivateAddress
	}
	transport := &http.Transport{DialContext: dialer.DialContext, TLSHandshakeTimeout: min(5*time.Second, timeout),
		ResponseHeaderTimeout: timeout, MaxIdleConns: 10, IdleConnTimeout: time.Minute}
	return &Worker{
		store: st, mail: email.NewSender(cfg.Mail), baseURL: baseURL, interval: interval, logger: logger,
		client: &http.Client{Transport: transport, Timeout: timeout,
			// A webhook is delivered where it was registered, not wherever it redirects.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
	}
}

// Run delivers the outbox every Config.Interval until ctx ends: it writes the reminders of
// games starting soon, then sends everything due. serve runs it beside the HTTP server.
func (w *Worker) Run(ctx context.Context) {
	// Each channel has its own loop and ticker: a round of webhooks held up by a slow
	// receiver never delays the next round of mail (trust review 3, finding 2).
	var wg sync.WaitGroup
	for _, ch := range []string{store.ChannelEmail, store.ChannelWebhook} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.NewTicker(w.interval)
			defer t.Stop()
			for {
				var err error
				if ch == store.ChannelEmail {
					_, err = w.store.EnqueueReminders(ctx)
				}
				if err == nil {
					_, err = w.drain(ctx, ch)
				}
				if err != nil && ctx.Err() == nil {
					w.logger.Error("notifications", "channel", ch, "error", err.Error())
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
func (w *Worker) RunOnce(ctx context.Context) (int, error) {
	if _, err := w.store.EnqueueReminders(ctx); err != nil {
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
			sent[i], errs[i] = w.drain(ctx, ch)
		}()
	}
	wg.Wait()
	return sent[0] + sent[1], errors.Join(errs...)
}

// drain delivers the channel's due deliveries until none is left.
func (w *Worker) drain(ctx context.Context, channel string) (int, error) {
	sent := 0
	for {
		ds, err := w.store.ClaimDeliveries(ctx, channel, claimBatch)
		if err != nil {
			return sent, err
		}
		if len(ds) == 0 {
			return sent, nil
		}
		n, err := w.deliverClaimed(ctx, channel, ds)
		sent += n
		if err != nil {
			return sent, err
		}
	}
}

// deliverClaimed delivers a batch of claimed deliveries while holding their leases, and
// gives back those it did not start when it stops early (ctx ended, or a database error):
// they need not wait for their lease to run out.
func (w *Worker) deliverClaimed(ctx context.Context, channel string, ds []store.Delivery) (int, error) {
	stopHolding := w.hold(ctx, ds)
	sent, err := w.deliverAll(ctx, channel, ds)
	stopHolding()
	if err != nil || ctx.Err() != nil {
		gctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if gerr := w.store.GiveBackDeliveries(gctx, ds); gerr != nil {
			err = errors.Join(err, gerr)
		}
	}
	return sent, err
}

// hold renews the leases of the claimed deliveries ds (store.RenewDeliveryLeases) until
// the returned stop is called: a live worker keeps the deliveries it is working through,
// however slow their sending, while a dead worker's come back after store.ClaimLease.
func (w *Worker) hold(ctx context.Context, ds []store.Delivery) (stop func()) {
	holding, stopHolding := context.WithCancel(ctx)
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		// Three renewals a claim lease: one that fails or comes late loses nothing.
		t := time.NewTicker(store.ClaimLease / 3)
		defer t.Stop()
		for {
			select {
			case <-holding.Done():
				return
			case <-t.C:
				if err := w.store.RenewDeliveryLeases(holding, ds); err != nil && holding.Err() == nil {
					w.logger.Warn("notification leases not renewed", "channel", ds[0].Channel, "error", err.Error())
				}
			}
		}
	}()
	return func() {
		stopHolding()
		<-stopped
	}
}

// deliverAll delivers a batch of claimed deliveries and returns how many went out.
func (w *Worker) deliverAll(ctx context.Context, channel string, ds []store.Delivery) (int, error) {
	sent := 0
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
				oks[i], errs[i] = w.deliverOne(ctx, d)
			}()
		}
		wg.Wait()
		for _, ok := range oks {
			if ok {
				sent++
			}
		}
		return sent, errors.Join(errs...)
	}
	for _, d := range ds {
		ok, err := w.deliverOne(ctx, d)
		if err != nil {
			return sent, err
		}
		if ok {
			sent++
		}
	}
	return sent, nil
}

// deliverOne starts a claimed delivery, sends it, and records the outcome; it reports
// whether the delivery went out. A delivery whose lease ran out before it started (taken
// back for another worker) is left alone. Its lease is renewed by hold meanwhile.
func (w *Worker) deliverOne(ctx context.Context, d store.Delivery) (bool, error) {
	started, err := w.store.DeliveryStarted(ctx, d)
	if err != nil || !started {
		return false, err
	}
	sendErr := w.deliver(ctx, d)
	// The outcome is recorded even when ctx has just ended, so that a delivery that went
	// out is never left to look interrupted.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if sendErr == nil {
		return true, w.store.DeliverySent(rctx, d.ID)
	}
	var p permanent
	w.logger.Warn("notification not delivered", "delivery", d.ID, "channel", d.Channel,
		"attempt", d.Attempts, "error", sendErr.Error())
	return false, w.store.DeliveryFailed(rctx, d, sendErr, errors.As(sendErr, &p))
}
