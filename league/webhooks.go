package league

import "fmt"

// MaxWebhooks is how many webhooks a league may have.
const MaxWebhooks = 5

// AddWebhook decides whether a league that has have webhooks may take one more: at most
// MaxWebhooks (a *Conflict beyond, naming the url field).
func AddWebhook(have int) error {
	if have >= MaxWebhooks {
		return &Conflict{Reason: fmt.Sprintf("url: a league has at most %d webhooks; remove one first", MaxWebhooks),
			ID: "refusal.too_many_webhooks", Data: map[string]any{"Most": MaxWebhooks}}
	}
	return nil
}
