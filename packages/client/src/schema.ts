/**
 * Generated from Imprint's /openapi.json by scripts/generate-client.ts. Do not edit.
 */

export interface paths {
    "/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the account and its credit balance */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Generated images, newest first
         * @description The account's images with their template, request id and URL. Identical bytes are stored once, so a repeated render appears once. Page with `cursor` = the previous page's nextCursor.
         */
        get: operations["listGeneratedImages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description The key is in the response once; only its hash is stored. Creation is limited per account per hour (RATE_LIMIT_KEY_CREATE) and an account holds at most MAX_API_KEYS active keys (409 too_many_api_keys: revoke one first).
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key (immediate) */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/signed-urls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign an image URL
         * @description Builds the signed URL for a template and changes with one of your URL keys, checking the changes as a render would. Free: nothing is rendered until the URL is opened.
         */
        post: operations["signImageUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/url-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List URL keys */
        get: operations["listUrlKeys"];
        put?: never;
        /**
         * Create a URL key
         * @description A key for signing image URLs: {id, secret}. The secret is in this response once; it is not an API key and opens nothing else. At most 20 active URL keys per account (409 too_many_url_keys).
         */
        post: operations["createUrlKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/url-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a URL key (immediate)
         * @description Every URL signed with it answers 401 from the next request on.
         */
        delete: operations["revokeUrlKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The credit ledger, newest first
         * @description Every grant, charge and refund. Page with `cursor` = the previous page's nextCursor.
         */
        get: operations["listLedgerEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/webhook-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or rotate the webhook signing secret
         * @description Returns the whsec_… secret once. Calling it again replaces the secret; the replaced one keeps signing, next to the new one, for 24 hours, so receivers can switch without losing a message.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's assets, newest first
         * @description Page with `cursor` = the previous page's nextCursor.
         */
        get: operations["listAssets"];
        put?: never;
        /**
         * Upload an image asset
         * @description Send the file as the raw body with its Content-Type (image/png, image/jpeg, image/webp or image/gif); the bytes must be of that type. SVG is refused: the editor imports SVG files as shapes. Uploading the same file again returns the same asset. Use its `url` as an image `src` in templates or in POST /image/generate: the renderer reads it from storage, never over HTTP.
         */
        post: operations["uploadAsset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assets/{assetId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an asset
         * @description The stored bytes with their sniffed type. Needs the key or the session of the account that uploaded it.
         */
        get: operations["getAsset"];
        put?: never;
        post?: never;
        /**
         * Delete an asset
         * @description Refused with 409 asset_in_use while a template draws it; the message names the templates.
         */
        delete: operations["deleteAsset"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password; every other session ends
         * @description At most 10 changes an hour from one client address, and as many for one user (429 + Retry-After).
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a one-time reset link, and sign in
         * @description The link comes from `npx imprint users reset-password --email E`. It works once and ends every session of the user.
         */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is signed in, with the CSRF token for writes */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description An unknown email and a wrong password get the same 401 invalid_credentials in the same time. Failures are throttled per email and per address with a doubling wait (429 + Retry-After).
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out this browser */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signout-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out every browser of this user */
        post: operations["signOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and sign in
         * @description SIGNUP=open: anyone; invite: needs `invite` from a link made by `npx imprint invites create`; closed: 403 signup_closed. The account starts with SIGNUP_CREDITS credits.
         */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a batch of images from one template
         * @description Send JSON (`items`, one per image), or a CSV sheet as the body (`Content-Type: text/csv`, the template in `?templateId=`): a header row of `element.property` names, then one row per image; an empty cell keeps the template's value. The template, format and webhookUrl are checked now and refuse the whole batch; an item whose own changes are wrong (an unknown element, a bad colour) fails alone with the error a generate would answer. Each item costs 1 credit when it succeeds and nothing when it fails; once the credits run out, the remaining items fail with insufficient_credits. With webhookUrl, one signed webhook (type batch.done) is sent when every item has settled. Send an Idempotency-Key header to retry safely: the same key and body within 24 h returns the same batch.
         */
        post: operations["createBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{batchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a batch: counts and every item
         * @description Counts by state, the batch state (queued, running, done) and one entry per item in row order: its imageURL when it succeeded, its error body when it failed. With a webhookUrl, `webhook` holds the delivery log of the batch's one webhook.
         */
        get: operations["getBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{batchId}.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a finished merged batch as one PDF
         * @description For a batch submitted with format pdf and merge: true: one PDF whose pages are the succeeded items' pages in row order (a failed item has no page). The pages are the items' own PDFs, so text stays selectable and fonts stay embedded and subset. Until every item has succeeded or failed the answer is 409 batch_not_finished; a batch without merge, or with no succeeded item, is 400 invalid_request. One merged PDF holds at most 256 MB of pages (422 render_too_complex above; the ZIP has every page). It is built once, and kept.
         */
        get: operations["getBatchPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{batchId}.zip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a finished batch's images as a ZIP
         * @description Every succeeded image, named by its row (0001.png, 0002.png, …), and manifest.csv with the columns row, status, imageURL, error for every item. Streamed as it is written. Until every item has succeeded or failed the answer is 409 batch_not_finished.
         */
        get: operations["getBatchZip"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{batchId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a finished batch's webhook again
         * @description The delivery is due at once, with a fresh round of retries; the log keeps the latest 100 attempts. While an attempt is in flight, this changes nothing.
         */
        post: operations["redeliverBatchWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fonts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the account's fonts */
        get: operations["listFonts"];
        put?: never;
        /**
         * Upload a font
         * @description Send the TTF, OTF, WOFF or WOFF2 file as the body (Content-Type font/ttf, font/woff2 or application/octet-stream). Templates of this account may then use the family. Uploads are limited per account per hour (RATE_LIMIT_FONT_UPLOAD, 20 by default); a file may be at most 32 MB, within the body limit.
         */
        post: operations["uploadFont"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fonts/{fontId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a font
         * @description Refused with 409 font_in_use while a template's text draws with this face (the face the renderer picks for that text's family, weight and style); the message names the templates.
         */
        delete: operations["deleteFont"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fonts/{fontId}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download one of the account's font files
         * @description The bytes as uploaded. The editor loads them with the FontFace API so it measures text with the renderer's font.
         */
        get: operations["getFontFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/image/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate an image
         * @description Renders the template with the given changes and returns the URL of the PNG. Costs 1 credit; failures cost nothing. Send an Idempotency-Key header to retry safely: the same key and body within 24 h replays the first response without a second charge. With "webhookUrl" in the body, or the header `Prefer: respond-async`, the render runs in the background: 202 with the job id and its statusURL (GET /jobs/{id}); the same checks run first, so a bad request is still refused at once and charges nothing.
         */
        post: operations["generateImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/image/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview an image (free)
         * @description Renders a saved template (templateId) or an unsaved document (template), with optional changes, exactly as POST /image/generate would, and answers the PNG bytes themselves: no credit, no stored image, no URL. PNG at scale 1 only. Limited per account to 30 per minute and 200 per day; Preview-Remaining-Today tells how many are left.
         */
        post: operations["previewImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a generated image or PDF */
        get: operations["getImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an async job
         * @description queued, running, succeeded (`result` is the body a synchronous 200 would have had) or failed (`error` is the error body). With a webhookUrl, `webhook` holds the delivery log: every attempt with its time and the status or error.
         */
        get: operations["getJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{jobId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a finished job's webhook again
         * @description The delivery is due at once, with a fresh round of retries; the log keeps the latest 100 attempts. While an attempt is in flight, this changes nothing.
         */
        post: operations["redeliverJobWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database answers and the render workers are warm */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a template
         * @description The template is Fabric's canvas.toJSON() (export with toObject(['name'])) plus width and height. It is validated on save.
         */
        post: operations["createTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{templateId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a template document
         * @description The ETag names this revision: send it back as If-Match with PUT to save only over what was read, or as If-None-Match to get a 304 while it is still the current one.
         */
        get: operations["getTemplate"];
        /**
         * Update a template
         * @description With `If-Match: <the ETag of GET /templates/{id}>` the save happens only if nobody saved the template since: otherwise 412 `template_changed` and nothing is saved, so two editors cannot silently overwrite each other. Without If-Match the save replaces whatever is there.
         */
        put: operations["updateTemplate"];
        post?: never;
        /** Delete a template */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{templateId}/elements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve template elements
         * @description Every named element with its properties (contract §2.2). Costs no credits. Texts report the size the renderer lays them out at, computed on a render worker: 503 when every worker is busy, 422 when a text's layout runs past the render time budget.
         */
        get: operations["getTemplateElements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{templateId}/elements/basic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the editable value of each element
         * @description `src` for images, `text` for text, `fill` for every other kind.
         */
        get: operations["getTemplateElementValues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{templateId}/elements/fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Describe what each element accepts
         * @description For building a form: every named element with each property POST /image/generate accepts for it, its type (number with its range, colour, text, boolean, one of a list, font with the families this account may use, image URL) and the current value. Costs no credits.
         */
        get: operations["getTemplateElementFields"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{templateId}/thumbnail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a template thumbnail
         * @description A WebP 320 px wide (or the template's width if smaller) of the saved version, made by the renderer on save; free. Add ?v=<updatedAt> to let the browser keep it: that URL changes whenever the template does. A template whose text draws with an uploaded font is remade when a face of that family is uploaded or deleted, and is always served no-cache (revalidate with its ETag), since its updatedAt stays the same.
         */
        get: operations["getTemplateThumbnail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List all templates */
        get: operations["listTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/gallery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the starter templates
         * @description Ready-made designs to start from. Copy one with POST /templates (name and template); it costs nothing.
         */
        get: operations["listStarterTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/gallery/{starterId}/preview.png": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Preview of a starter template
         * @description PNG drawn by the renderer, at most 480 px on its longer side.
         */
        get: operations["getStarterTemplatePreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/u/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A signed image URL
         * @description GET /u/{templateId}.{png|jpg|webp}?{element}.{property}={value}&…&key={urlKeyId}&sig={signature}, with optional exp (unix seconds; 410 after it) and rev (pin a template revision). sig = base64url (unpadded) HMAC-SHA256 of "{path}?{every parameter but sig, RFC 3986-encoded, sorted by name then value, joined with &}" under the URL key secret. The first request renders and charges 1 credit; the same content is then served free. Renders are limited to 600 a minute per URL key and 120 per client address.
         */
        get: operations["getSignedImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /** @description Stable machine-readable error code (see the error catalog) */
            code: string;
            errors?: {
                message: string;
                path: string;
            }[];
            /** @description What went wrong and how to fix it */
            message: string;
            /** @description Equals the Request-Id response header */
            requestId: string;
            /** @enum {string} */
            status: "error";
            statusCode: number;
            /** Format: date-time */
            timestamp: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "obj_7Yw2kQ9xLmN4",
                     *       "name": "text",
                     *       "credits": 1
                     *     }
                     */
                    "application/json": {
                        credits: number;
                        id: string;
                        name: string;
                    };
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listGeneratedImages: {
        parameters: {
            query?: {
                /** @example text */
                cursor?: string;
                /** @example 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "images": [
                     *         {
                     *           "id": "obj_7Yw2kQ9xLmN4",
                     *           "templateId": "temp_7Yw2kQ9xLmN4",
                     *           "templateName": "text",
                     *           "requestId": "requ_7Yw2kQ9xLmN4",
                     *           "format": "text",
                     *           "width": 1,
                     *           "height": 1,
                     *           "imageURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *           "createdAt": "2026-01-15T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "nextCursor": "text"
                     *     }
                     */
                    "application/json": {
                        images: {
                            /** Format: date-time */
                            createdAt: string;
                            format: string;
                            height: number;
                            id: string;
                            imageURL: string;
                            /** @description The Request-Id header of the generate request that made it */
                            requestId: string | null;
                            templateId: string;
                            /** @description null once the template is deleted */
                            templateName: string | null;
                            width: number;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "obj_7Yw2kQ9xLmN4",
                     *         "prefix": "text",
                     *         "last4": "text",
                     *         "name": "text",
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "lastUsedAt": "2026-01-15T09:30:00.000Z",
                     *         "revokedAt": "2026-01-15T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        id: string;
                        last4: string;
                        lastUsedAt: string | null;
                        name: string | null;
                        prefix: string;
                        revokedAt: string | null;
                    }[];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": {
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "obj_7Yw2kQ9xLmN4",
                     *       "prefix": "text",
                     *       "last4": "text",
                     *       "name": "text",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "lastUsedAt": "2026-01-15T09:30:00.000Z",
                     *       "revokedAt": "2026-01-15T09:30:00.000Z",
                     *       "key": "text"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        id: string;
                        last4: string;
                        lastUsedAt: string | null;
                        name: string | null;
                        prefix: string;
                        revokedAt: string | null;
                    } & {
                        key: string;
                    };
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `too_many_api_keys`, `email_taken`, `asset_in_use`, `font_in_use`, `asset_quota_exceeded`, `template_quota_exceeded`, `batch_not_finished`, `too_many_url_keys`, `too_many_fonts`, `too_many_jobs` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 409,
                     *       "code": "idempotency_key_in_use",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example key_7Yw2kQ9xLmN4 */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "key_not_found",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signImageUrl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "keyId": "key_7Yw2kQ9xLmN4",
                 *       "templateId": "temp_7Yw2kQ9xLmN4"
                 *     }
                 */
                "application/json": {
                    /** @description The same changes as POST /image/generate; each value goes into the URL as text */
                    elements?: {
                        [key: string]: {
                            [key: string]: string | number | boolean;
                        };
                    };
                    /** @description Unix seconds after which the URL answers 410 */
                    exp?: number;
                    /** @default png */
                    format?: "png" | "jpeg" | "webp";
                    /** @description The URL key to sign with (uk_…) */
                    keyId: string;
                    /** @description Pin this template revision */
                    rev?: number;
                    templateId: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png"
                     *     }
                     */
                    "application/json": {
                        /** Format: uri */
                        url: string;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUrlKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "obj_7Yw2kQ9xLmN4",
                     *         "name": "text",
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "revokedAt": "2026-01-15T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description uk_…, the `key` parameter of signed URLs */
                        id: string;
                        name: string | null;
                        revokedAt: string | null;
                    }[];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createUrlKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": {
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "obj_7Yw2kQ9xLmN4",
                     *       "name": "text",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "revokedAt": "2026-01-15T09:30:00.000Z",
                     *       "secret": "text"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description uk_…, the `key` parameter of signed URLs */
                        id: string;
                        name: string | null;
                        revokedAt: string | null;
                    } & {
                        secret: string;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `too_many_api_keys`, `email_taken`, `asset_in_use`, `font_in_use`, `asset_quota_exceeded`, `template_quota_exceeded`, `batch_not_finished`, `too_many_url_keys`, `too_many_fonts`, `too_many_jobs` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 409,
                     *       "code": "idempotency_key_in_use",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeUrlKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example key_7Yw2kQ9xLmN4 */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listLedgerEntries: {
        parameters: {
            query?: {
                /** @example text */
                cursor?: string;
                /** @example 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "entries": [
                     *         {
                     *           "id": "obj_7Yw2kQ9xLmN4",
                     *           "delta": 1,
                     *           "balanceAfter": 1,
                     *           "reason": "text",
                     *           "reference": "text",
                     *           "state": "pending",
                     *           "createdAt": "2026-01-15T09:30:00.000Z",
                     *           "imageURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *           "refundOf": "text"
                     *         }
                     *       ],
                     *       "nextCursor": "text"
                     *     }
                     */
                    "application/json": {
                        entries: {
                            balanceAfter: number;
                            /** Format: date-time */
                            createdAt: string;
                            delta: number;
                            id: string;
                            /** @description On a committed generate entry: the image it paid for (absent when identical bytes were stored by an earlier request). */
                            imageURL?: string;
                            reason: string;
                            reference: string | null;
                            /** @description On a refund entry: the request id of the generate it gave the credit back for. */
                            refundOf?: string;
                            /** @description On generate entries only: pending while the request runs (the credit is held), then committed with its image, or refunded (see the matching refund entry). */
                            state?: "pending" | "committed" | "refunded";
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "secret": "text",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "previousSecretExpiresAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description When the secret this one replaced stops signing (both sign until then); null on the first secret */
                        previousSecretExpiresAt: string | null;
                        /** @description whsec_…: shown once. Verify webhooks with it (any Standard Webhooks library) */
                        secret: string;
                    };
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAssets: {
        parameters: {
            query?: {
                /** @example text */
                cursor?: string;
                /** @example 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "assets": [
                     *         {
                     *           "id": "obj_7Yw2kQ9xLmN4",
                     *           "url": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *           "contentType": "text",
                     *           "width": 1,
                     *           "height": 1,
                     *           "bytes": 1,
                     *           "createdAt": "2026-01-15T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "nextCursor": "text"
                     *     }
                     */
                    "application/json": {
                        assets: {
                            bytes: number;
                            /** @description Sniffed from the bytes */
                            contentType: string;
                            /** Format: date-time */
                            createdAt: string;
                            height: number;
                            id: string;
                            /** @description Use as an image `src` in templates and in POST /image/generate; the renderer reads it from storage */
                            url: string;
                            width: number;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadAsset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The image file; its bytes must be of the type Content-Type names. */
        requestBody: {
            content: {
                "image/gif": string;
                "image/jpeg": string;
                "image/png": string;
                "image/webp": string;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "obj_7Yw2kQ9xLmN4",
                     *       "url": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *       "contentType": "text",
                     *       "width": 1,
                     *       "height": 1,
                     *       "bytes": 1,
                     *       "createdAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        bytes: number;
                        /** @description Sniffed from the bytes */
                        contentType: string;
                        /** Format: date-time */
                        createdAt: string;
                        height: number;
                        id: string;
                        /** @description Use as an image `src` in templates and in POST /image/generate; the renderer reads it from storage */
                        url: string;
                        width: number;
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "obj_7Yw2kQ9xLmN4",
                     *       "url": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *       "contentType": "text",
                     *       "width": 1,
                     *       "height": 1,
                     *       "bytes": 1,
                     *       "createdAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        bytes: number;
                        /** @description Sniffed from the bytes */
                        contentType: string;
                        /** Format: date-time */
                        createdAt: string;
                        height: number;
                        id: string;
                        /** @description Use as an image `src` in templates and in POST /image/generate; the renderer reads it from storage */
                        url: string;
                        width: number;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `too_many_api_keys`, `email_taken`, `asset_in_use`, `font_in_use`, `asset_quota_exceeded`, `template_quota_exceeded`, `batch_not_finished`, `too_many_url_keys`, `too_many_fonts`, `too_many_jobs` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 409,
                     *       "code": "asset_in_use",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 413,
                     *       "code": "payload_too_large",
                     *       "message": "The request body is larger than the 5 MB limit (BODY_LIMIT).",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 415,
                     *       "code": "unsupported_media_type",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example asse_7Yw2kQ9xLmN4 */
                assetId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image as uploaded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/gif": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description Not Modified: no body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "asset_not_found",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example asse_7Yw2kQ9xLmN4 */
                assetId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "asset_not_found",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `too_many_api_keys`, `email_taken`, `asset_in_use`, `font_in_use`, `asset_quota_exceeded`, `template_quota_exceeded`, `batch_not_finished`, `too_many_url_keys`, `too_many_fonts`, `too_many_jobs` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 409,
                     *       "code": "asset_in_use",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "currentPassword": "text",
                 *       "newPassword": "text"
                 *     }
                 */
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "endedSessions": 1
                     *     }
                     */
                    "application/json": {
                        endedSessions: number;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `csrf_rejected`, `signup_closed`, `metrics_loopback_only` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 403,
                     *       "code": "csrf_rejected",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "q3Xv8N0bT5mK2wR7yL1cJ9fH4dS6aG0eP8uZ3iO5nB2",
                 *       "password": "text"
                 *     }
                 */
                "application/json": {
                    password: string;
                    /**
                     * @description The token from a one-time link
                     * @example q3Xv8N0bT5mK2wR7yL1cJ9fH4dS6aG0eP8uZ3iO5nB2
                     */
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "signedIn": true,
                     *       "signup": "text",
                     *       "email": "you@example.com",
                     *       "account": {
                     *         "id": "obj_7Yw2kQ9xLmN4",
                     *         "name": "text",
                     *         "credits": 1
                     *       },
                     *       "csrfToken": "text",
                     *       "expiresAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        account: {
                            credits: number;
                            id: string;
                            name: string;
                        };
                        /** @description Send as X-CSRF-Token on every signed-in write */
                        csrfToken: string;
                        email: string;
                        /**
                         * Format: date-time
                         * @description Absolute end of the session
                         */
                        expiresAt: string;
                        /** @enum {boolean} */
                        signedIn: true;
                        signup: string;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `csrf_rejected`, `signup_closed`, `metrics_loopback_only` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 403,
                     *       "code": "csrf_rejected",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "signedIn": true,
                     *       "signup": "text",
                     *       "email": "you@example.com",
                     *       "account": {
                     *         "id": "obj_7Yw2kQ9xLmN4",
                     *         "name": "text",
                     *         "credits": 1
                     *       },
                     *       "csrfToken": "text",
                     *       "expiresAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        account: {
                            credits: number;
                            id: string;
                            name: string;
                        };
                        /** @description Send as X-CSRF-Token on every signed-in write */
                        csrfToken: string;
                        email: string;
                        /**
                         * Format: date-time
                         * @description Absolute end of the session
                         */
                        expiresAt: string;
                        /** @enum {boolean} */
                        signedIn: true;
                        signup: string;
                    } | {
                        /** @enum {boolean} */
                        signedIn: false;
                        signup: string;
                    };
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "you@example.com",
                 *       "password": "text"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "signedIn": true,
                     *       "signup": "text",
                     *       "email": "you@example.com",
                     *       "account": {
                     *         "id": "obj_7Yw2kQ9xLmN4",
                     *         "name": "text",
                     *         "credits": 1
                     *       },
                     *       "csrfToken": "text",
                     *       "expiresAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        account: {
                            credits: number;
                            id: string;
                            name: string;
                        };
                        /** @description Send as X-CSRF-Token on every signed-in write */
                        csrfToken: string;
                        email: string;
                        /**
                         * Format: date-time
                         * @description Absolute end of the session
                         */
                        expiresAt: string;
                        /** @enum {boolean} */
                        signedIn: true;
                        signup: string;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `csrf_rejected`, `signup_closed`, `metrics_loopback_only` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 403,
                     *       "code": "csrf_rejected",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `csrf_rejected`, `signup_closed`, `metrics_loopback_only` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 403,
                     *       "code": "csrf_rejected",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signOutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "endedSessions": 1
                     *     }
                     */
                    "application/json": {
                        endedSessions: number;
                    };
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `csrf_rejected`, `signup_closed`, `metrics_loopback_only` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 403,
                     *       "code": "csrf_rejected",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "you@example.com",
                 *       "password": "text",
                 *       "invite": "q3Xv8N0bT5mK2wR7yL1cJ9fH4dS6aG0eP8uZ3iO5nB2"
                 *     }
                 */
                "application/json": {
                    email: string;
                    /**
                     * @description The token from a one-time link
                     * @example q3Xv8N0bT5mK2wR7yL1cJ9fH4dS6aG0eP8uZ3iO5nB2
                     */
                    invite?: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "signedIn": true,
                     *       "signup": "text",
                     *       "email": "you@example.com",
                     *       "account": {
                     *         "id": "obj_7Yw2kQ9xLmN4",
                     *         "name": "text",
                     *         "credits": 1
                     *       },
                     *       "csrfToken": "text",
                     *       "expiresAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        account: {
                            credits: number;
                            id: string;
                            name: string;
                        };
                        /** @description Send as X-CSRF-Token on every signed-in write */
                        csrfToken: string;
                        email: string;
                        /**
                         * Format: date-time
                         * @description Absolute end of the session
                         */
                        expiresAt: string;
                        /** @enum {boolean} */
                        signedIn: true;
                        signup: string;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `csrf_rejected`, `signup_closed`, `metrics_loopback_only` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 403,
                     *       "code": "signup_closed",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `too_many_api_keys`, `email_taken`, `asset_in_use`, `font_in_use`, `asset_quota_exceeded`, `template_quota_exceeded`, `batch_not_finished`, `too_many_url_keys`, `too_many_fonts`, `too_many_jobs` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 409,
                     *       "code": "idempotency_key_in_use",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createBatch: {
        parameters: {
            query?: {
                /**
                 * @description One of png, jpeg, webp, pdf. pdf is a one-page vector PDF of width × height points (1 px = 1 pt, times scale): text stays selectable text in embedded subset fonts, images keep their source resolution; 1 credit per page like an image.
                 * @example png
                 */
                format?: "png" | "jpeg" | "webp" | "pdf";
                /**
                 * @description Only with format pdf: also join the succeeded items' pages, in row order, into one PDF at GET /batches/{id}.pdf. Each item is still 1 credit when it succeeds; the merged file costs nothing more.
                 * @example true
                 */
                merge?: boolean;
                /**
                 * @description jpeg/webp quality, default 90. A numeric string ("60") is accepted.
                 * @example 1
                 */
                quality?: number;
                /**
                 * @description Output scale factor, default 1 (for pdf, the page size). A numeric string ("0.5") is accepted.
                 * @example 0.1
                 */
                scale?: number;
                /**
                 * @description The template (required with a CSV body)
                 * @example tpl_8fJ2kQ9xLmN4pR7s
                 */
                templateId?: string;
                /**
                 * @description As in the JSON body
                 * @example https://example.com/hooks/imprint
                 */
                webhookUrl?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON items, or a CSV sheet: a header row of element.property names (e.g. title.text,photo.src), then one row per image. */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description One of png, jpeg, webp, pdf. pdf is a one-page vector PDF of width × height points (1 px = 1 pt, times scale): text stays selectable text in embedded subset fonts, images keep their source resolution; 1 credit per page like an image.
                     * @default png
                     */
                    format?: "png" | "jpeg" | "webp" | "pdf";
                    /** @description One entry per image (1 to 1000), each with the changes a generate body takes. Row n of the results is items[n-1]. */
                    items: {
                        /** @description Map from element name to the properties to change, e.g. {"title": {"text": "Hello"}} (a list of {"name": …} items goes in "modifications" instead). Strings such as "24" or "true" are accepted where a number or boolean is expected. */
                        elements?: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                        /** @description Same as elements (send one or the other), or a Bannerbear-style list: [{"name": "title", "text": "Hello", "color": "#ffffff"}, {"name": "photo", "image_url": "https://…"}]. In a list, color sets fill, image_url src, font_family fontFamily, text_align_h textAlign, border_color stroke, border_width strokeWidth, hide: true visible: false; any other key is an Imprint property. */
                        modifications?: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        } | ({
                            /** @description Sets `stroke`. */
                            border_color?: string;
                            /** @description Sets `strokeWidth`. */
                            border_width?: number | string;
                            /** @description Sets `fill`: the colour of a text, shape or line. */
                            color?: string;
                            /** @description Sets `fontFamily`. */
                            font_family?: string;
                            /** @description `true` sets `visible` to false. */
                            hide?: boolean | string;
                            /** @description Sets `src` of an image element: an http(s) or data:image/ URL. */
                            image_url?: string;
                            /** @description The element to change (GET /templates/{templateId}/elements lists them). */
                            name: string;
                            /** @description A number or boolean becomes its text; null becomes empty text. */
                            text?: string | number | boolean | null;
                            /** @description Sets `textAlign`: left, center, right or justify. */
                            text_align_h?: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    }[];
                    /** @description Only with format pdf: also join the succeeded items' pages, in row order, into one PDF at GET /batches/{id}.pdf. Each item is still 1 credit when it succeeds; the merged file costs nothing more. */
                    merge?: boolean;
                    /** @description jpeg/webp quality, default 90. A numeric string ("60") is accepted. */
                    quality?: number;
                    /** @description Output scale factor, default 1 (for pdf, the page size). A numeric string ("0.5") is accepted. */
                    scale?: number;
                    /** @description ID of the template to render (required; a missing one is reported as missing_template_id) */
                    templateId?: string;
                    /** @description POSTed once, signed (Standard Webhooks), when every item has succeeded or failed. Must be a public http(s) URL */
                    webhookUrl?: string;
                };
                "text/csv": string;
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "queued",
                     *       "batchId": "bat_4kT9wQ2mXr7LpZ3s",
                     *       "statusURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *       "total": 1
                     *     }
                     */
                    "application/json": {
                        /** @example bat_4kT9wQ2mXr7LpZ3s */
                        batchId: string;
                        /** @enum {string} */
                        status: "queued";
                        /**
                         * Format: uri
                         * @description GET it (with your key) for counts and every item
                         */
                        statusURL: string;
                        /** @description Items queued */
                        total: number;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payment Required: `insufficient_credits` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 402,
                     *       "code": "insufficient_credits",
                     *       "message": "This account has 0 credits and an image costs 1.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `too_many_api_keys`, `email_taken`, `asset_in_use`, `font_in_use`, `asset_quota_exceeded`, `template_quota_exceeded`, `batch_not_finished`, `too_many_url_keys`, `too_many_fonts`, `too_many_jobs` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 409,
                     *       "code": "idempotency_key_in_use",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 413,
                     *       "code": "payload_too_large",
                     *       "message": "The request body is larger than the 5 MB limit (BODY_LIMIT).",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 415,
                     *       "code": "unsupported_media_type",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `image_fetch_failed`, `render_failed`, `render_too_complex`, `idempotency_key_reused` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 422,
                     *       "code": "image_fetch_failed",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example bat_4kT9wQ2mXr7LpZ3s */
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "batchId": "batc_7Yw2kQ9xLmN4",
                     *       "status": "queued",
                     *       "statusURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *       "zipURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *       "pdfURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *       "templateId": "temp_7Yw2kQ9xLmN4",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "finishedAt": "2026-01-15T09:30:00.000Z",
                     *       "counts": {
                     *         "total": 0,
                     *         "queued": 0,
                     *         "running": 0,
                     *         "succeeded": 0,
                     *         "failed": 0
                     *       },
                     *       "items": [
                     *         {
                     *           "row": 1,
                     *           "jobId": "job_7Yw2kQ9xLmN4",
                     *           "status": "queued",
                     *           "imageURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *           "error": {
                     *             "status": "error",
                     *             "statusCode": 1,
                     *             "code": "text",
                     *             "message": "text",
                     *             "requestId": "requ_7Yw2kQ9xLmN4",
                     *             "timestamp": "2026-01-15T09:30:00.000Z",
                     *             "errors": [
                     *               {
                     *                 "path": "text",
                     *                 "message": "text"
                     *               }
                     *             ]
                     *           }
                     *         }
                     *       ],
                     *       "webhook": {
                     *         "url": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *         "state": "waiting",
                     *         "nextAttemptAt": "2026-01-15T09:30:00.000Z",
                     *         "attempts": [
                     *           {
                     *             "attempt": 1,
                     *             "at": "2026-01-15T09:30:00.000Z",
                     *             "statusCode": 1,
                     *             "error": "text",
                     *             "durationMs": 1
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        batchId: string;
                        counts: {
                            failed: number;
                            queued: number;
                            running: number;
                            succeeded: number;
                            total: number;
                        };
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        finishedAt?: string;
                        items?: {
                            error?: components["schemas"]["Error"];
                            /** Format: uri */
                            imageURL?: string;
                            /** @description The item is a job: GET /jobs/{jobId} shows its full result */
                            jobId: string;
                            /** @description The CSV data row (the header is row 0), or the position in items from 1 */
                            row: number;
                            status: "queued" | "running" | "succeeded" | "failed";
                        }[];
                        /**
                         * Format: uri
                         * @description With format pdf and merge: true, the succeeded items' pages as one PDF, once the batch is done
                         */
                        pdfURL?: string;
                        /** @description queued: no item has started; running: some have; done: every item succeeded or failed (the ZIP is ready) */
                        status: "queued" | "running" | "done";
                        /** Format: uri */
                        statusURL: string;
                        templateId: string;
                        webhook?: {
                            /** @description The latest 100 attempts, oldest first; earlier ones are dropped */
                            attempts: {
                                /** Format: date-time */
                                at: string;
                                attempt: number;
                                durationMs: number;
                                /** @description Why there was no status (timeout, connection failed, refused address) */
                                error: string | null;
                                /** @description The receiver's HTTP status; null when there was none */
                                statusCode: number | null;
                            }[];
                            /** Format: date-time */
                            nextAttemptAt?: string;
                            /** @description waiting: the job has not finished; pending: an attempt is due (nextAttemptAt); delivered: a 2xx came back; failed: every retry failed */
                            state: "waiting" | "pending" | "delivered" | "failed";
                            url: string;
                        };
                        /**
                         * Format: uri
                         * @description Every succeeded image and manifest.csv, once the batch is done
                         */
                        zipURL: string;
                    };
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBatchPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example bat_4kT9wQ2mXr7LpZ3s */
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The merged PDF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `too_many_api_keys`, `email_taken`, `asset_in_use`, `font_in_use`, `asset_quota_exceeded`, `template_quota_exceeded`, `batch_not_finished`, `too_many_url_keys`, `too_many_fonts`, `too_many_jobs` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 409,
                     *       "code": "idempotency_key_in_use",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `image_fetch_failed`, `render_failed`, `render_too_complex`, `idempotency_key_reused` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 422,
                     *       "code": "image_fetch_failed",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBatchZip: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example bat_4kT9wQ2mXr7LpZ3s */
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ZIP archive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `too_many_api_keys`, `email_taken`, `asset_in_use`, `font_in_use`, `asset_quota_exceeded`, `template_quota_exceeded`, `batch_not_finished`, `too_many_url_keys`, `too_many_fonts`, `too_many_jobs` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 409,
                     *       "code": "idempotency_key_in_use",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverBatchWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example bat_4kT9wQ2mXr7LpZ3s */
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "batchId": "batc_7Yw2kQ9xLmN4",
                     *       "status": "queued",
                     *       "statusURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *       "zipURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *       "pdfURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *       "templateId": "temp_7Yw2kQ9xLmN4",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "finishedAt": "2026-01-15T09:30:00.000Z",
                     *       "counts": {
                     *         "total": 0,
                     *         "queued": 0,
                     *         "running": 0,
                     *         "succeeded": 0,
                     *         "failed": 0
                     *       },
                     *       "items": [
                     *         {
                     *           "row": 1,
                     *           "jobId": "job_7Yw2kQ9xLmN4",
                     *           "status": "queued",
                     *           "imageURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *           "error": {
                     *             "status": "error",
                     *             "statusCode": 1,
                     *             "code": "text",
                     *             "message": "text",
                     *             "requestId": "requ_7Yw2kQ9xLmN4",
                     *             "timestamp": "2026-01-15T09:30:00.000Z",
                     *             "errors": [
                     *               {
                     *                 "path": "text",
                     *                 "message": "text"
                     *               }
                     *             ]
                     *           }
                     *         }
                     *       ],
                     *       "webhook": {
                     *         "url": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *         "state": "waiting",
                     *         "nextAttemptAt": "2026-01-15T09:30:00.000Z",
                     *         "attempts": [
                     *           {
                     *             "attempt": 1,
                     *             "at": "2026-01-15T09:30:00.000Z",
                     *             "statusCode": 1,
                     *             "error": "text",
                     *             "durationMs": 1
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        batchId: string;
                        counts: {
                            failed: number;
                            queued: number;
                            running: number;
                            succeeded: number;
                            total: number;
                        };
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        finishedAt?: string;
                        items?: {
                            error?: components["schemas"]["Error"];
                            /** Format: uri */
                            imageURL?: string;
                            /** @description The item is a job: GET /jobs/{jobId} shows its full result */
                            jobId: string;
                            /** @description The CSV data row (the header is row 0), or the position in items from 1 */
                            row: number;
                            status: "queued" | "running" | "succeeded" | "failed";
                        }[];
                        /**
                         * Format: uri
                         * @description With format pdf and merge: true, the succeeded items' pages as one PDF, once the batch is done
                         */
                        pdfURL?: string;
                        /** @description queued: no item has started; running: some have; done: every item succeeded or failed (the ZIP is ready) */
                        status: "queued" | "running" | "done";
                        /** Format: uri */
                        statusURL: string;
                        templateId: string;
                        webhook?: {
                            /** @description The latest 100 attempts, oldest first; earlier ones are dropped */
                            attempts: {
                                /** Format: date-time */
                                at: string;
                                attempt: number;
                                durationMs: number;
                                /** @description Why there was no status (timeout, connection failed, refused address) */
                                error: string | null;
                                /** @description The receiver's HTTP status; null when there was none */
                                statusCode: number | null;
                            }[];
                            /** Format: date-time */
                            nextAttemptAt?: string;
                            /** @description waiting: the job has not finished; pending: an attempt is due (nextAttemptAt); delivered: a 2xx came back; failed: every retry failed */
                            state: "waiting" | "pending" | "delivered" | "failed";
                            url: string;
                        };
                        /**
                         * Format: uri
                         * @description Every succeeded image and manifest.csv, once the batch is done
                         */
                        zipURL: string;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFonts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "obj_7Yw2kQ9xLmN4",
                     *         "family": "text",
                     *         "weight": 1,
                     *         "style": "text",
                     *         "format": "text",
                     *         "createdAt": "2026-01-15T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        family: string;
                        format: string;
                        id: string;
                        style: string;
                        weight: number;
                    }[];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadFont: {
        parameters: {
            query: {
                /** @example text */
                family: string;
                /** @example normal */
                style?: "normal" | "italic";
                /** @example 400 */
                weight?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The font file (TTF, OTF, WOFF or WOFF2); its format is read from the bytes. */
        requestBody: {
            content: {
                "application/font-woff": string;
                "application/octet-stream": string;
                "application/x-font-ttf": string;
                "font/otf": string;
                "font/sfnt": string;
                "font/ttf": string;
                "font/woff": string;
                "font/woff2": string;
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "obj_7Yw2kQ9xLmN4",
                     *       "family": "text",
                     *       "weight": 1,
                     *       "style": "text",
                     *       "format": "text",
                     *       "createdAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        family: string;
                        format: string;
                        id: string;
                        style: string;
                        weight: number;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `too_many_api_keys`, `email_taken`, `asset_in_use`, `font_in_use`, `asset_quota_exceeded`, `template_quota_exceeded`, `batch_not_finished`, `too_many_url_keys`, `too_many_fonts`, `too_many_jobs` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 409,
                     *       "code": "font_in_use",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 413,
                     *       "code": "payload_too_large",
                     *       "message": "The request body is larger than the 5 MB limit (BODY_LIMIT).",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 415,
                     *       "code": "unsupported_media_type",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteFont: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example font_7Yw2kQ9xLmN4 */
                fontId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "font_not_found",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `too_many_api_keys`, `email_taken`, `asset_in_use`, `font_in_use`, `asset_quota_exceeded`, `template_quota_exceeded`, `batch_not_finished`, `too_many_url_keys`, `too_many_fonts`, `too_many_jobs` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 409,
                     *       "code": "font_in_use",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFontFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example font_7Yw2kQ9xLmN4 */
                fontId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The font file as uploaded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "font/otf": string;
                    "font/ttf": string;
                    "font/woff": string;
                    "font/woff2": string;
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "font_not_found",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    generateImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Map from element name to the properties to change, e.g. {"title": {"text": "Hello"}} (a list of {"name": …} items goes in "modifications" instead). Strings such as "24" or "true" are accepted where a number or boolean is expected. */
                    elements?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /**
                     * @description One of png, jpeg, webp, pdf. pdf is a one-page vector PDF of width × height points (1 px = 1 pt, times scale): text stays selectable text in embedded subset fonts, images keep their source resolution; 1 credit per page like an image.
                     * @default png
                     */
                    format?: "png" | "jpeg" | "webp" | "pdf";
                    /** @description Same as elements (send one or the other), or a Bannerbear-style list: [{"name": "title", "text": "Hello", "color": "#ffffff"}, {"name": "photo", "image_url": "https://…"}]. In a list, color sets fill, image_url src, font_family fontFamily, text_align_h textAlign, border_color stroke, border_width strokeWidth, hide: true visible: false; any other key is an Imprint property. */
                    modifications?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    } | ({
                        /** @description Sets `stroke`. */
                        border_color?: string;
                        /** @description Sets `strokeWidth`. */
                        border_width?: number | string;
                        /** @description Sets `fill`: the colour of a text, shape or line. */
                        color?: string;
                        /** @description Sets `fontFamily`. */
                        font_family?: string;
                        /** @description `true` sets `visible` to false. */
                        hide?: boolean | string;
                        /** @description Sets `src` of an image element: an http(s) or data:image/ URL. */
                        image_url?: string;
                        /** @description The element to change (GET /templates/{templateId}/elements lists them). */
                        name: string;
                        /** @description A number or boolean becomes its text; null becomes empty text. */
                        text?: string | number | boolean | null;
                        /** @description Sets `textAlign`: left, center, right or justify. */
                        text_align_h?: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** @description jpeg/webp quality, default 90. A numeric string ("60") is accepted. */
                    quality?: number;
                    /** @description Output scale factor, default 1 (for pdf, the page size). A numeric string ("0.5") is accepted. */
                    scale?: number;
                    /** @description ID of the template to render (required; a missing one is reported as missing_template_id) */
                    templateId?: string;
                    /** @description Run in the background (202) and POST the outcome here, signed (Standard Webhooks). Must be a public http(s) URL */
                    webhookUrl?: string;
                };
            };
        };
        responses: {
            /** @description The image was generated and 1 credit charged */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "statusCode": 200,
                     *       "message": "Image generated successfully.",
                     *       "imageURL": "https://imprint.example.com/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *       "details": {
                     *         "dimensions": {
                     *           "width": 1200,
                     *           "height": 630
                     *         },
                     *         "format": "png"
                     *       },
                     *       "usage": {
                     *         "previousCredits": 100,
                     *         "creditsUsed": 1,
                     *         "remainingCredits": 99
                     *       },
                     *       "requestCompletionTime": "37 ms",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        details: {
                            /** @description Pixels; for a pdf, the page size in points. */
                            dimensions: {
                                height: number;
                                width: number;
                            };
                            format: string;
                            /** @description Only present when something was drawn other than as designed: `text_overflow` when a text with `textFit: "shrink"` is still larger than its box at its `minFontSize` (the image is made and charged; the text overflows its box). */
                            warnings?: {
                                /** @enum {string} */
                                code: "text_overflow";
                                /** @description The element name (or its path in the document when unnamed). */
                                element: string;
                                message: string;
                            }[];
                        };
                        /** Format: uri */
                        imageURL: string;
                        message: string;
                        /** @example 37 ms */
                        requestCompletionTime: string;
                        /** @enum {string} */
                        status: "success";
                        /** @enum {number} */
                        statusCode: 200;
                        /** Format: date-time */
                        timestamp: string;
                        usage: {
                            creditsUsed: number;
                            previousCredits: number;
                            remainingCredits: number;
                        };
                    };
                };
            };
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "queued",
                     *       "jobId": "job_7Yw2kQ9xLmN4",
                     *       "statusURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png"
                     *     }
                     */
                    "application/json": {
                        jobId: string;
                        /** @enum {string} */
                        status: "queued";
                        /**
                         * Format: uri
                         * @description GET it (with your key) for the outcome
                         */
                        statusURL: string;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payment Required: `insufficient_credits` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 402,
                     *       "code": "insufficient_credits",
                     *       "message": "This account has 0 credits and an image costs 1.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "image_not_found",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `idempotency_key_in_use`, `too_many_api_keys`, `email_taken`, `asset_in_use`, `font_in_use`, `asset_quota_exceeded`, `template_quota_exceeded`, `batch_not_finished`, `too_many_url_keys`, `too_many_fonts`, `too_many_jobs` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 409,
                     *       "code": "idempotency_key_in_use",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 413,
                     *       "code": "payload_too_large",
                     *       "message": "The request body is larger than the 5 MB limit (BODY_LIMIT).",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 415,
                     *       "code": "unsupported_media_type",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `image_fetch_failed`, `render_failed`, `render_too_complex`, `idempotency_key_reused` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 422,
                     *       "code": "image_fetch_failed",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 503,
                     *       "code": "service_unavailable",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "templateId": "tpl_8fJ2kQ9xLmN4pR7s",
                 *       "elements": {
                 *         "title": {
                 *           "text": "Draft title"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Map from element name to the properties to change, e.g. {"title": {"text": "Hello"}} (a list of {"name": …} items goes in "modifications" instead). Strings such as "24" or "true" are accepted where a number or boolean is expected. */
                    elements?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    };
                    /** @description Same as elements (send one or the other), or a Bannerbear-style list: [{"name": "title", "text": "Hello", "color": "#ffffff"}, {"name": "photo", "image_url": "https://…"}]. In a list, color sets fill, image_url src, font_family fontFamily, text_align_h textAlign, border_color stroke, border_width strokeWidth, hide: true visible: false; any other key is an Imprint property. */
                    modifications?: {
                        [key: string]: {
                            [key: string]: unknown;
                        };
                    } | ({
                        /** @description Sets `stroke`. */
                        border_color?: string;
                        /** @description Sets `strokeWidth`. */
                        border_width?: number | string;
                        /** @description Sets `fill`: the colour of a text, shape or line. */
                        color?: string;
                        /** @description Sets `fontFamily`. */
                        font_family?: string;
                        /** @description `true` sets `visible` to false. */
                        hide?: boolean | string;
                        /** @description Sets `src` of an image element: an http(s) or data:image/ URL. */
                        image_url?: string;
                        /** @description The element to change (GET /templates/{templateId}/elements lists them). */
                        name: string;
                        /** @description A number or boolean becomes its text; null becomes empty text. */
                        text?: string | number | boolean | null;
                        /** @description Sets `textAlign`: left, center, right or justify. */
                        text_align_h?: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                    /** @description Fabric.js canvas.toJSON() output plus the output size. Named objects are the template's elements. */
                    template?: {
                        /** @description Canvas background: a colour, a gradient or an image pattern. */
                        background?: string | null | {
                            colorStops: {
                                color: string;
                                offset: number;
                                opacity?: number;
                            }[];
                            coords: {
                                r1?: number;
                                r2?: number;
                                x1?: number;
                                x2?: number;
                                y1?: number;
                                y2?: number;
                            };
                            gradientTransform?: null | number[];
                            gradientUnits?: "pixels" | "percentage";
                            offsetX?: number;
                            offsetY?: number;
                            type: "linear" | "radial";
                        } | ({
                            /** @description Tile origin's x from the object's top-left corner (the canvas's, for a background), before patternTransform. */
                            offsetX?: unknown;
                            /** @description Tile origin's y, as offsetX. */
                            offsetY?: unknown;
                            /** @description null or a 2D matrix [a, b, c, d, e, f] applied to the tiles. */
                            patternTransform?: unknown;
                            /** @description Tiling: "repeat", "repeat-x", "repeat-y", "no-repeat" (default "repeat"). */
                            repeat?: unknown;
                            /** @description The tile image: an http(s) URL, a data:image/ URL or an account asset URL. */
                            source: unknown;
                            /** @enum {string} */
                            type: "pattern";
                        } & {
                            [key: string]: unknown;
                        });
                        /** @description Output height in pixels. */
                        height: number;
                        objects: ({
                            name?: string;
                            type: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        /** @description Fabric.js version that wrote the JSON, e.g. "5.3.0"; decides version-specific defaults. */
                        version?: string;
                        /** @description Output width in pixels. */
                        width: number;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description ID of a saved template; send this or "template", not both */
                    templateId?: string;
                };
            };
        };
        responses: {
            /** @description The rendered PNG */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "image_not_found",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 413,
                     *       "code": "payload_too_large",
                     *       "message": "The request body is larger than the 5 MB limit (BODY_LIMIT).",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 415,
                     *       "code": "unsupported_media_type",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `image_fetch_failed`, `render_failed`, `render_too_complex`, `idempotency_key_reused` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 422,
                     *       "code": "image_fetch_failed",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 503,
                     *       "code": "service_unavailable",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The file name from an imageURL: 40 hex digits and the extension
                 * @example 5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image (or PDF), cacheable forever (its URL hashes its bytes) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description Not Modified: no body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "image_not_found",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example job_7Yw2kQ9xLmN4 */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "jobId": "job_7Yw2kQ9xLmN4",
                     *       "status": "queued",
                     *       "statusURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "finishedAt": "2026-01-15T09:30:00.000Z",
                     *       "result": {
                     *         "status": "success",
                     *         "statusCode": 200,
                     *         "message": "Image generated successfully.",
                     *         "imageURL": "https://imprint.example.com/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *         "details": {
                     *           "dimensions": {
                     *             "width": 1200,
                     *             "height": 630
                     *           },
                     *           "format": "png"
                     *         },
                     *         "usage": {
                     *           "previousCredits": 100,
                     *           "creditsUsed": 1,
                     *           "remainingCredits": 99
                     *         },
                     *         "requestCompletionTime": "37 ms",
                     *         "timestamp": "2026-01-15T09:30:00.000Z"
                     *       },
                     *       "error": {
                     *         "status": "error",
                     *         "statusCode": 1,
                     *         "code": "text",
                     *         "message": "text",
                     *         "requestId": "requ_7Yw2kQ9xLmN4",
                     *         "timestamp": "2026-01-15T09:30:00.000Z",
                     *         "errors": [
                     *           {
                     *             "path": "text",
                     *             "message": "text"
                     *           }
                     *         ]
                     *       },
                     *       "webhook": {
                     *         "url": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *         "state": "waiting",
                     *         "nextAttemptAt": "2026-01-15T09:30:00.000Z",
                     *         "attempts": [
                     *           {
                     *             "attempt": 1,
                     *             "at": "2026-01-15T09:30:00.000Z",
                     *             "statusCode": 1,
                     *             "error": "text",
                     *             "durationMs": 1
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        error?: components["schemas"]["Error"];
                        /** Format: date-time */
                        finishedAt?: string;
                        jobId: string;
                        /**
                         * @description The image was generated and 1 credit charged
                         * @example {
                         *       "status": "success",
                         *       "statusCode": 200,
                         *       "message": "Image generated successfully.",
                         *       "imageURL": "https://imprint.example.com/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                         *       "details": {
                         *         "dimensions": {
                         *           "width": 1200,
                         *           "height": 630
                         *         },
                         *         "format": "png"
                         *       },
                         *       "usage": {
                         *         "previousCredits": 100,
                         *         "creditsUsed": 1,
                         *         "remainingCredits": 99
                         *       },
                         *       "requestCompletionTime": "37 ms",
                         *       "timestamp": "2026-01-15T09:30:00.000Z"
                         *     }
                         */
                        result?: {
                            details: {
                                /** @description Pixels; for a pdf, the page size in points. */
                                dimensions: {
                                    height: number;
                                    width: number;
                                };
                                format: string;
                                /** @description Only present when something was drawn other than as designed: `text_overflow` when a text with `textFit: "shrink"` is still larger than its box at its `minFontSize` (the image is made and charged; the text overflows its box). */
                                warnings?: {
                                    /** @enum {string} */
                                    code: "text_overflow";
                                    /** @description The element name (or its path in the document when unnamed). */
                                    element: string;
                                    message: string;
                                }[];
                            };
                            /** Format: uri */
                            imageURL: string;
                            message: string;
                            /** @example 37 ms */
                            requestCompletionTime: string;
                            /** @enum {string} */
                            status: "success";
                            /** @enum {number} */
                            statusCode: 200;
                            /** Format: date-time */
                            timestamp: string;
                            usage: {
                                creditsUsed: number;
                                previousCredits: number;
                                remainingCredits: number;
                            };
                        };
                        status: "queued" | "running" | "succeeded" | "failed";
                        /** Format: uri */
                        statusURL: string;
                        /** Format: date-time */
                        updatedAt: string;
                        webhook?: {
                            /** @description The latest 100 attempts, oldest first; earlier ones are dropped */
                            attempts: {
                                /** Format: date-time */
                                at: string;
                                attempt: number;
                                durationMs: number;
                                /** @description Why there was no status (timeout, connection failed, refused address) */
                                error: string | null;
                                /** @description The receiver's HTTP status; null when there was none */
                                statusCode: number | null;
                            }[];
                            /** Format: date-time */
                            nextAttemptAt?: string;
                            /** @description waiting: the job has not finished; pending: an attempt is due (nextAttemptAt); delivered: a 2xx came back; failed: every retry failed */
                            state: "waiting" | "pending" | "delivered" | "failed";
                            url: string;
                        };
                    };
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "job_not_found",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverJobWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example job_7Yw2kQ9xLmN4 */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "jobId": "job_7Yw2kQ9xLmN4",
                     *       "status": "queued",
                     *       "statusURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "finishedAt": "2026-01-15T09:30:00.000Z",
                     *       "result": {
                     *         "status": "success",
                     *         "statusCode": 200,
                     *         "message": "Image generated successfully.",
                     *         "imageURL": "https://imprint.example.com/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *         "details": {
                     *           "dimensions": {
                     *             "width": 1200,
                     *             "height": 630
                     *           },
                     *           "format": "png"
                     *         },
                     *         "usage": {
                     *           "previousCredits": 100,
                     *           "creditsUsed": 1,
                     *           "remainingCredits": 99
                     *         },
                     *         "requestCompletionTime": "37 ms",
                     *         "timestamp": "2026-01-15T09:30:00.000Z"
                     *       },
                     *       "error": {
                     *         "status": "error",
                     *         "statusCode": 1,
                     *         "code": "text",
                     *         "message": "text",
                     *         "requestId": "requ_7Yw2kQ9xLmN4",
                     *         "timestamp": "2026-01-15T09:30:00.000Z",
                     *         "errors": [
                     *           {
                     *             "path": "text",
                     *             "message": "text"
                     *           }
                     *         ]
                     *       },
                     *       "webhook": {
                     *         "url": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *         "state": "waiting",
                     *         "nextAttemptAt": "2026-01-15T09:30:00.000Z",
                     *         "attempts": [
                     *           {
                     *             "attempt": 1,
                     *             "at": "2026-01-15T09:30:00.000Z",
                     *             "statusCode": 1,
                     *             "error": "text",
                     *             "durationMs": 1
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        error?: components["schemas"]["Error"];
                        /** Format: date-time */
                        finishedAt?: string;
                        jobId: string;
                        /**
                         * @description The image was generated and 1 credit charged
                         * @example {
                         *       "status": "success",
                         *       "statusCode": 200,
                         *       "message": "Image generated successfully.",
                         *       "imageURL": "https://imprint.example.com/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                         *       "details": {
                         *         "dimensions": {
                         *           "width": 1200,
                         *           "height": 630
                         *         },
                         *         "format": "png"
                         *       },
                         *       "usage": {
                         *         "previousCredits": 100,
                         *         "creditsUsed": 1,
                         *         "remainingCredits": 99
                         *       },
                         *       "requestCompletionTime": "37 ms",
                         *       "timestamp": "2026-01-15T09:30:00.000Z"
                         *     }
                         */
                        result?: {
                            details: {
                                /** @description Pixels; for a pdf, the page size in points. */
                                dimensions: {
                                    height: number;
                                    width: number;
                                };
                                format: string;
                                /** @description Only present when something was drawn other than as designed: `text_overflow` when a text with `textFit: "shrink"` is still larger than its box at its `minFontSize` (the image is made and charged; the text overflows its box). */
                                warnings?: {
                                    /** @enum {string} */
                                    code: "text_overflow";
                                    /** @description The element name (or its path in the document when unnamed). */
                                    element: string;
                                    message: string;
                                }[];
                            };
                            /** Format: uri */
                            imageURL: string;
                            message: string;
                            /** @example 37 ms */
                            requestCompletionTime: string;
                            /** @enum {string} */
                            status: "success";
                            /** @enum {number} */
                            statusCode: 200;
                            /** Format: date-time */
                            timestamp: string;
                            usage: {
                                creditsUsed: number;
                                previousCredits: number;
                                remainingCredits: number;
                            };
                        };
                        status: "queued" | "running" | "succeeded" | "failed";
                        /** Format: uri */
                        statusURL: string;
                        /** Format: date-time */
                        updatedAt: string;
                        webhook?: {
                            /** @description The latest 100 attempts, oldest first; earlier ones are dropped */
                            attempts: {
                                /** Format: date-time */
                                at: string;
                                attempt: number;
                                durationMs: number;
                                /** @description Why there was no status (timeout, connection failed, refused address) */
                                error: string | null;
                                /** @description The receiver's HTTP status; null when there was none */
                                statusCode: number | null;
                            }[];
                            /** Format: date-time */
                            nextAttemptAt?: string;
                            /** @description waiting: the job has not finished; pending: an attempt is due (nextAttemptAt); delivered: a 2xx came back; failed: every retry failed */
                            state: "waiting" | "pending" | "delivered" | "failed";
                            url: string;
                        };
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "job_not_found",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ready";
                    };
                };
            };
            /** @description Service Unavailable: `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 503,
                     *       "code": "service_unavailable",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "text",
                 *       "template": {
                 *         "width": 1,
                 *         "height": 1,
                 *         "objects": []
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Template name. */
                    name: string;
                    /** @description Fabric.js canvas.toJSON() output plus the output size. Named objects are the template's elements. */
                    template: {
                        /** @description Canvas background: a colour, a gradient or an image pattern. */
                        background?: string | null | {
                            colorStops: {
                                color: string;
                                offset: number;
                                opacity?: number;
                            }[];
                            coords: {
                                r1?: number;
                                r2?: number;
                                x1?: number;
                                x2?: number;
                                y1?: number;
                                y2?: number;
                            };
                            gradientTransform?: null | number[];
                            gradientUnits?: "pixels" | "percentage";
                            offsetX?: number;
                            offsetY?: number;
                            type: "linear" | "radial";
                        } | ({
                            /** @description Tile origin's x from the object's top-left corner (the canvas's, for a background), before patternTransform. */
                            offsetX?: unknown;
                            /** @description Tile origin's y, as offsetX. */
                            offsetY?: unknown;
                            /** @description null or a 2D matrix [a, b, c, d, e, f] applied to the tiles. */
                            patternTransform?: unknown;
                            /** @description Tiling: "repeat", "repeat-x", "repeat-y", "no-repeat" (default "repeat"). */
                            repeat?: unknown;
                            /** @description The tile image: an http(s) URL, a data:image/ URL or an account asset URL. */
                            source: unknown;
                            /** @enum {string} */
                            type: "pattern";
                        } & {
                            [key: string]: unknown;
                        });
                        /** @description Output height in pixels. */
                        height: number;
                        objects: ({
                            name?: string;
                            type: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        /** @description Fabric.js version that wrote the JSON, e.g. "5.3.0"; decides version-specific defaults. */
                        version?: string;
                        /** @description Output width in pixels. */
                        width: number;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "tpl_8fJ2kQ9xLmN4pR7s",
                     *       "name": "text",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @example tpl_8fJ2kQ9xLmN4pR7s */
                        id: string;
                        name: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 413,
                     *       "code": "payload_too_large",
                     *       "message": "The request body is larger than the 5 MB limit (BODY_LIMIT).",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 415,
                     *       "code": "unsupported_media_type",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example tpl_8fJ2kQ9xLmN4pR7s */
                templateId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "obj_7Yw2kQ9xLmN4",
                     *       "name": "text",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "template": {
                     *         "version": "text",
                     *         "width": 1,
                     *         "height": 1,
                     *         "objects": [
                     *           {
                     *             "type": "text",
                     *             "name": "text"
                     *           }
                     *         ],
                     *         "background": "text"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        id: string;
                        name: string;
                        /** @description Fabric.js canvas.toJSON() output plus the output size. Named objects are the template's elements. */
                        template: {
                            /** @description Canvas background: a colour, a gradient or an image pattern. */
                            background?: string | null | {
                                colorStops: {
                                    color: string;
                                    offset: number;
                                    opacity?: number;
                                }[];
                                coords: {
                                    r1?: number;
                                    r2?: number;
                                    x1?: number;
                                    x2?: number;
                                    y1?: number;
                                    y2?: number;
                                };
                                gradientTransform?: null | number[];
                                gradientUnits?: "pixels" | "percentage";
                                offsetX?: number;
                                offsetY?: number;
                                type: "linear" | "radial";
                            } | ({
                                /** @description Tile origin's x from the object's top-left corner (the canvas's, for a background), before patternTransform. */
                                offsetX?: unknown;
                                /** @description Tile origin's y, as offsetX. */
                                offsetY?: unknown;
                                /** @description null or a 2D matrix [a, b, c, d, e, f] applied to the tiles. */
                                patternTransform?: unknown;
                                /** @description Tiling: "repeat", "repeat-x", "repeat-y", "no-repeat" (default "repeat"). */
                                repeat?: unknown;
                                /** @description The tile image: an http(s) URL, a data:image/ URL or an account asset URL. */
                                source: unknown;
                                /** @enum {string} */
                                type: "pattern";
                            } & {
                                [key: string]: unknown;
                            });
                            /** @description Output height in pixels. */
                            height: number;
                            objects: ({
                                name?: string;
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description Fabric.js version that wrote the JSON, e.g. "5.3.0"; decides version-specific defaults. */
                            version?: string;
                            /** @description Output width in pixels. */
                            width: number;
                        } & {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Not Modified: no body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTemplate: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description ETag(s) of the revision this change was made on
                 * @example text
                 */
                "if-match"?: string;
            };
            path: {
                /** @example tpl_8fJ2kQ9xLmN4pR7s */
                templateId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": {
                    /** @description Template name. */
                    name?: string;
                    /** @description Fabric.js canvas.toJSON() output plus the output size. Named objects are the template's elements. */
                    template?: {
                        /** @description Canvas background: a colour, a gradient or an image pattern. */
                        background?: string | null | {
                            colorStops: {
                                color: string;
                                offset: number;
                                opacity?: number;
                            }[];
                            coords: {
                                r1?: number;
                                r2?: number;
                                x1?: number;
                                x2?: number;
                                y1?: number;
                                y2?: number;
                            };
                            gradientTransform?: null | number[];
                            gradientUnits?: "pixels" | "percentage";
                            offsetX?: number;
                            offsetY?: number;
                            type: "linear" | "radial";
                        } | ({
                            /** @description Tile origin's x from the object's top-left corner (the canvas's, for a background), before patternTransform. */
                            offsetX?: unknown;
                            /** @description Tile origin's y, as offsetX. */
                            offsetY?: unknown;
                            /** @description null or a 2D matrix [a, b, c, d, e, f] applied to the tiles. */
                            patternTransform?: unknown;
                            /** @description Tiling: "repeat", "repeat-x", "repeat-y", "no-repeat" (default "repeat"). */
                            repeat?: unknown;
                            /** @description The tile image: an http(s) URL, a data:image/ URL or an account asset URL. */
                            source: unknown;
                            /** @enum {string} */
                            type: "pattern";
                        } & {
                            [key: string]: unknown;
                        });
                        /** @description Output height in pixels. */
                        height: number;
                        objects: ({
                            name?: string;
                            type: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                        /** @description Fabric.js version that wrote the JSON, e.g. "5.3.0"; decides version-specific defaults. */
                        version?: string;
                        /** @description Output width in pixels. */
                        width: number;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "obj_7Yw2kQ9xLmN4",
                     *       "name": "text",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "template": {
                     *         "version": "text",
                     *         "width": 1,
                     *         "height": 1,
                     *         "objects": [
                     *           {
                     *             "type": "text",
                     *             "name": "text"
                     *           }
                     *         ],
                     *         "background": "text"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        id: string;
                        name: string;
                        /** @description Fabric.js canvas.toJSON() output plus the output size. Named objects are the template's elements. */
                        template: {
                            /** @description Canvas background: a colour, a gradient or an image pattern. */
                            background?: string | null | {
                                colorStops: {
                                    color: string;
                                    offset: number;
                                    opacity?: number;
                                }[];
                                coords: {
                                    r1?: number;
                                    r2?: number;
                                    x1?: number;
                                    x2?: number;
                                    y1?: number;
                                    y2?: number;
                                };
                                gradientTransform?: null | number[];
                                gradientUnits?: "pixels" | "percentage";
                                offsetX?: number;
                                offsetY?: number;
                                type: "linear" | "radial";
                            } | ({
                                /** @description Tile origin's x from the object's top-left corner (the canvas's, for a background), before patternTransform. */
                                offsetX?: unknown;
                                /** @description Tile origin's y, as offsetX. */
                                offsetY?: unknown;
                                /** @description null or a 2D matrix [a, b, c, d, e, f] applied to the tiles. */
                                patternTransform?: unknown;
                                /** @description Tiling: "repeat", "repeat-x", "repeat-y", "no-repeat" (default "repeat"). */
                                repeat?: unknown;
                                /** @description The tile image: an http(s) URL, a data:image/ URL or an account asset URL. */
                                source: unknown;
                                /** @enum {string} */
                                type: "pattern";
                            } & {
                                [key: string]: unknown;
                            });
                            /** @description Output height in pixels. */
                            height: number;
                            objects: ({
                                name?: string;
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description Fabric.js version that wrote the JSON, e.g. "5.3.0"; decides version-specific defaults. */
                            version?: string;
                            /** @description Output width in pixels. */
                            width: number;
                        } & {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Precondition Failed: `template_changed` */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 412,
                     *       "code": "template_changed",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload Too Large: `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 413,
                     *       "code": "payload_too_large",
                     *       "message": "The request body is larger than the 5 MB limit (BODY_LIMIT).",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported Media Type: `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 415,
                     *       "code": "unsupported_media_type",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example tpl_8fJ2kQ9xLmN4pR7s */
                templateId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTemplateElements: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example tpl_8fJ2kQ9xLmN4pR7s */
                templateId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "elements": {
                     *         "background": {
                     *           "width": 1200,
                     *           "height": 630,
                     *           "fill": "#0f172a",
                     *           "scaleX": 1,
                     *           "scaleY": 1,
                     *           "angle": 0,
                     *           "opacity": 1
                     *         },
                     *         "title": {
                     *           "width": 900,
                     *           "height": 54,
                     *           "fill": "#ffffff",
                     *           "text": "Hello Imprint",
                     *           "fontSize": 48,
                     *           "fontFamily": "Inter",
                     *           "textAlign": "left",
                     *           "opacity": 1
                     *         },
                     *         "photo": {
                     *           "width": 400,
                     *           "height": 400,
                     *           "src": "https://imprint.example.com/assets/ast_1234/file",
                     *           "opacity": 1
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        elements: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `image_fetch_failed`, `render_failed`, `render_too_complex`, `idempotency_key_reused` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 422,
                     *       "code": "image_fetch_failed",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 503,
                     *       "code": "service_unavailable",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTemplateElementValues: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example tpl_8fJ2kQ9xLmN4pR7s */
                templateId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "elements": {
                     *         "background": {
                     *           "width": 1200,
                     *           "height": 630,
                     *           "fill": "#0f172a",
                     *           "scaleX": 1,
                     *           "scaleY": 1,
                     *           "angle": 0,
                     *           "opacity": 1
                     *         },
                     *         "title": {
                     *           "width": 900,
                     *           "height": 54,
                     *           "fill": "#ffffff",
                     *           "text": "Hello Imprint",
                     *           "fontSize": 48,
                     *           "fontFamily": "Inter",
                     *           "textAlign": "left",
                     *           "opacity": 1
                     *         },
                     *         "photo": {
                     *           "width": 400,
                     *           "height": 400,
                     *           "src": "https://imprint.example.com/assets/ast_1234/file",
                     *           "opacity": 1
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        elements: {
                            [key: string]: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTemplateElementFields: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example tpl_8fJ2kQ9xLmN4pR7s */
                templateId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "elements": [
                     *         {
                     *           "name": "text",
                     *           "kind": "shape",
                     *           "fields": [
                     *             {
                     *               "property": "text",
                     *               "type": "number",
                     *               "value": {},
                     *               "min": 1,
                     *               "max": 1,
                     *               "exclusiveMin": true,
                     *               "values": [
                     *                 "text"
                     *               ],
                     *               "choices": [
                     *                 "text"
                     *               ]
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        elements: {
                            fields: {
                                choices?: string[];
                                exclusiveMin?: boolean;
                                max?: number;
                                min?: number;
                                property: string;
                                type: "number" | "boolean" | "color" | "text" | "font" | "fontWeight" | "image" | "enum";
                                value: unknown;
                                values?: string[];
                            }[];
                            kind: "shape" | "text" | "line" | "image" | "group";
                            name: string;
                        }[];
                    };
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTemplateThumbnail: {
        parameters: {
            query?: {
                /** @example text */
                v?: string;
            };
            header?: never;
            path: {
                /** @example tpl_8fJ2kQ9xLmN4pR7s */
                templateId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The thumbnail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/webp": string;
                };
            };
            /** @description Not Modified: no body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTemplates: {
        parameters: {
            query?: {
                /** @example desc */
                order?: "asc" | "desc";
                /** @example updatedAt */
                sort?: "createdAt" | "updatedAt";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "tpl_8fJ2kQ9xLmN4pR7s",
                     *         "name": "text",
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "updatedAt": "2026-01-15T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @example tpl_8fJ2kQ9xLmN4pR7s */
                        id: string;
                        name: string;
                        /** Format: date-time */
                        updatedAt: string;
                    }[];
                };
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listStarterTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "obj_7Yw2kQ9xLmN4",
                     *         "name": "text",
                     *         "description": "text",
                     *         "width": 1,
                     *         "height": 1,
                     *         "previewURL": "http://localhost:3000/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png",
                     *         "template": {
                     *           "version": "text",
                     *           "width": 1,
                     *           "height": 1,
                     *           "objects": [
                     *             {
                     *               "type": "text",
                     *               "name": "text"
                     *             }
                     *           ],
                     *           "background": "text"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": {
                        description: string;
                        height: number;
                        /** @description Lower-case letters, digits and dashes; never a template id. */
                        id: string;
                        name: string;
                        /** @description Relative to the API's base address: a PNG at most 480 px on its longer side, drawn by the renderer. */
                        previewURL: string;
                        /** @description Fabric.js canvas.toJSON() output plus the output size. Named objects are the template's elements. */
                        template: {
                            /** @description Canvas background: a colour, a gradient or an image pattern. */
                            background?: string | null | {
                                colorStops: {
                                    color: string;
                                    offset: number;
                                    opacity?: number;
                                }[];
                                coords: {
                                    r1?: number;
                                    r2?: number;
                                    x1?: number;
                                    x2?: number;
                                    y1?: number;
                                    y2?: number;
                                };
                                gradientTransform?: null | number[];
                                gradientUnits?: "pixels" | "percentage";
                                offsetX?: number;
                                offsetY?: number;
                                type: "linear" | "radial";
                            } | ({
                                /** @description Tile origin's x from the object's top-left corner (the canvas's, for a background), before patternTransform. */
                                offsetX?: unknown;
                                /** @description Tile origin's y, as offsetX. */
                                offsetY?: unknown;
                                /** @description null or a 2D matrix [a, b, c, d, e, f] applied to the tiles. */
                                patternTransform?: unknown;
                                /** @description Tiling: "repeat", "repeat-x", "repeat-y", "no-repeat" (default "repeat"). */
                                repeat?: unknown;
                                /** @description The tile image: an http(s) URL, a data:image/ URL or an account asset URL. */
                                source: unknown;
                                /** @enum {string} */
                                type: "pattern";
                            } & {
                                [key: string]: unknown;
                            });
                            /** @description Output height in pixels. */
                            height: number;
                            objects: ({
                                name?: string;
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description Fabric.js version that wrote the JSON, e.g. "5.3.0"; decides version-specific defaults. */
                            version?: string;
                            /** @description Output width in pixels. */
                            width: number;
                        } & {
                            [key: string]: unknown;
                        };
                        width: number;
                    }[];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStarterTemplatePreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example star_7Yw2kQ9xLmN4 */
                starterId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The preview image */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Not Modified: no body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSignedImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description {templateId}.{png|jpg|webp}
                 * @example text
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image: immutable for a year with rev, revalidated (ETag) after a minute without */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description Not Modified: no body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request: `invalid_request`, `missing_template_id`, `unknown_element`, `invalid_property`, `invalid_template`, `unknown_font`, `invalid_token`, `invalid_font`, `invalid_asset`, `invalid_webhook_url`, `webhook_secret_required` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 400,
                     *       "code": "invalid_request",
                     *       "message": "The body is invalid: format must be one of png, jpeg, webp, pdf (got \"gif\").",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthorized: `invalid_api_key`, `invalid_credentials`, `not_signed_in`, `invalid_metrics_token`, `invalid_url_key`, `invalid_signature` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 401,
                     *       "code": "invalid_api_key",
                     *       "message": "The API key is missing, malformed, unknown or revoked. Send it as \"Authorization: Bearer imp_…\", or sign in to the web app.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payment Required: `insufficient_credits` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 402,
                     *       "code": "insufficient_credits",
                     *       "message": "This account has 0 credits and an image costs 1.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not Found: `template_not_found`, `image_not_found`, `font_not_found`, `key_not_found`, `asset_not_found`, `job_not_found`, `batch_not_found`, `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 404,
                     *       "code": "template_not_found",
                     *       "message": "No template with this id in this account. List your templates with GET /templates/all.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Gone: `url_expired` */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 410,
                     *       "code": "url_expired",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable Entity: `image_fetch_failed`, `render_failed`, `render_too_complex`, `idempotency_key_reused` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 422,
                     *       "code": "image_fetch_failed",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too Many Requests: `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 429,
                     *       "code": "rate_limited",
                     *       "message": "Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service Unavailable: `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "statusCode": 503,
                     *       "code": "service_unavailable",
                     *       "message": "What went wrong and how to fix it.",
                     *       "requestId": "req_3Jx9TqLmV2cP8sKd",
                     *       "timestamp": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
