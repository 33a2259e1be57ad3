// What the exporter hands a page it renders in bulk (Astro.locals); an on-demand render reads the same data itself.
// A form posted without JavaScript and refused is rendered again with what was sent (api/form-post.ts).
declare namespace App {
  interface Locals {
    toolPage?: import('../db/queries/pages').ToolPage;
    postPage?: import('../db/queries/pages').PostPage;
    categoryPage?: import('../db/queries/category-pages').CategoryPage;
    sitemap?: import('../db/queries/sitemap').SitemapListing;
    authForm?: import('../lib/form-pages').AuthFormState;
    contactForm?: import('../lib/form-pages').ContactFormState;
    reportForm?: import('../lib/form-pages').ReportFormState;
    verifyForm?: import('../lib/form-pages').VerifyFormState;
    restoreForm?: import('../lib/form-pages').RestoreFormState;
    twoFactorForm?: import('../lib/form-pages').TwoFactorFormState;
    forgotForm?: import('../lib/form-pages').ForgotFormState;
    resetForm?: import('../lib/form-pages').ResetFormState;
    followForm?: import('../lib/form-pages').FollowFormState;
    /** /compare (docs/decisions/0108): whether the three-tool view is on for this viewer, decided by the server. */
    threeWayCompare?: 'on' | 'premium-only' | 'off';
    subscribeForm?: import('../lib/form-pages').SubscribeFormState;
    confirmForm?: import('../lib/form-pages').ConfirmFormState;
    followConfirmForm?: import('../lib/form-pages').FollowConfirmFormState;
    preferencesForm?: import('../lib/form-pages').PreferencesFormState;
  }
}
