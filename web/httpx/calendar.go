package httpx

import ()

// FeedURL is the user's private calendar feed URL, from the configured base URL.
func (h *Server) FeedURL(token string) string {
	return h.Config.SiteURL() + "/calendar/" + token + ".ics"
}
