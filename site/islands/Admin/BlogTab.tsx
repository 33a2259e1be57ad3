// Blog CMS: every post with its status and publication date, View, Edit and Create New Post.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { shortDate } from '../../../lib/format';
import { $adminPosts, type AdminPost } from '../../stores/admin';
import PostDialog from './dialogs/PostDialog';
import { EmptyState, ListState } from './parts';

type Editing = { post: AdminPost | null } | null;

export default function BlogTab() {
  const { data, loading, error } = useStore($adminPosts);
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2 mb-4">
        <p className="text-sm text-base-content/70">Published posts go live with the next site build.</p>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing({ post: null })}>
          Create New Post
        </button>
      </div>
      <ListState data={data} loading={loading} error={error}>
        {(posts) =>
          posts.length === 0 ? (
            <EmptyState>No blog posts yet</EmptyState>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Blog posts">
              {posts.map((post) => {
                const published = post.status === 'published';
                return (
                  <li key={post.id} className="card bg-base-100 border border-base-200" data-testid="post-row">
                    <div className="card-body p-4 flex-col sm:flex-row sm:items-start gap-3">
                      <div className="flex-1 min-w-0">
                        <div className="flex flex-wrap items-center gap-2">
                          <h3 className="font-semibold">{post.title}</h3>
                          <span className={`badge badge-sm ${published ? 'badge-success' : 'badge-ghost'}`}>
                            {published ? 'Published' : 'Draft'}
                          </span>
                        </div>
                        {post.excerpt && (
                          <p className="text-sm text-base-content/80 line-clamp-2 mt-1">{post.excerpt}</p>
                        )}
                        <p className="text-xs text-base-content/60 mt-1">
                          {!post.publishedAt
                            ? 'Not published yet'
                            : published
                              ? `Published ${shortDate(post.publishedAt)}`
                              : `First published ${shortDate(post.publishedAt)}, now unpublished`}
                        </p>
                      </div>
                      <div className="flex gap-2 shrink-0">
                        {published ? (
                          <a
                            className="btn btn-ghost btn-sm"
                            href={`/blog/${encodeURIComponent(post.slug)}`}
                            target="_blank"
                            rel="noopener noreferrer"
                            aria-label={`View ${post.title} (opens in a new tab)`}
                          >
                            View
                          </a>
                        ) : (
                          <button
                            type="button"
                            className="btn btn-ghost btn-sm"
                            disabled
                            title="Drafts have no public page yet"
                          >
                            View
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn btn-outline btn-sm"
                          onClick={() => setEditing({ post })}
                          aria-label={`Edit ${post.title}`}
                        >
                          Edit
                        </button>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          )
        }
      </ListState>
      {editing && <PostDialog post={editing.post} onClose={() => setEditing(null)} />}
    </>
  );
}
