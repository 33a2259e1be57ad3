// What the exporter hands a page it renders in bulk (Astro.locals); an on-demand render reads the same data itself.
declare namespace App {
  interface Locals {
    toolPage?: import('../db/queries/pages').ToolPage;
    postPage?: import('../db/queries/pages').PostPage;
    categoryPage?: import('../db/queries/category-pages').CategoryPage;
  }
}
