import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { queryErrorKey } from '../../../lib/query.ts';
import { invalidatePosts, useOwnPost } from '../cache.ts';
import { PostForm } from '../components/PostForm.tsx';
import '../../items/items.css';
import '../post-editor.css';

/** What the list says after the form saved (navigation state). */
export interface PostSavedState {
  postSaved?: 'fanclubPosts.form.posted' | 'fanclubPosts.form.scheduled' | 'fanclubPosts.form.saved';
}

/**
 * /home/fanclub/posts/create and /home/fanclub/posts/{post_id}: the post form, new or of the
 * creator's own post (another creator's id answers not found). Saving goes back to the list.
 */
export default function PostFormPage() {
  const { t } = useTranslation();
  const { postId } = useParams();
  const { to } = useLang();
  const navigate = useNavigate();
  const post = useOwnPost(postId);
  const error = queryErrorKey(post.error);
  const editing = Boolean(postId);
  return (
    <section className="page post-form-page" aria-labelledby="post-form-heading">
      <p className="post-editor__back">
        <LangLink to="/home/fanclub/posts">{t('fanclubPosts.form.back')}</LangLink>
      </p>
      <h1 id="post-form-heading" className="page__title">
        {editing ? t('fanclubPosts.form.editTitle') : t('fanclubPosts.form.createTitle')}
      </h1>
      {error ? <Alert kind="error">{t(error.key, error.params ?? {})}</Alert> : null}
      {editing && !post.data ? (
        error ? null : (
          <Spinner />
        )
      ) : (
        <PostForm
          key={post.data ? post.data.post.id : 'new'}
          post={post.data?.post ?? null}
          onSaved={(saved, kind) => {
            void invalidatePosts();
            const state: PostSavedState = { postSaved: `fanclubPosts.form.${kind}` };
            navigate(to('/home/fanclub/posts'), { state: { ...state, postId: saved.post.id } });
          }}
        />
      )}
    </section>
  );
}
