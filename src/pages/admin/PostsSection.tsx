import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { postsApi, type AdminPost } from '../../api/admin';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { useForm } from '../../components/useForm';
import { dateTime } from './format';

/** The posts of the home page and Explore: write one, show or hide one, delete one. */
export function PostsSection({ onChanged }: { onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm({ title: '', body: '' });
  const [list, setList] = useState<AdminPost[]>([]);
  const load = useCallback(() => postsApi.list().then(setList), []);
  useEffect(() => {
    void load();
  }, [load]);

  const changed = async () => {
    await load();
    onChanged();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await form.submit((v) => postsApi.create(v));
    if (done === null) return;
    form.setValues({ title: '', body: '' });
    await changed();
  };

  return (
    <section className="card" data-admin="posts">
      <h2>{t('admin.posts')}</h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormAlert text={form.alert} />
        <Field label={t('admin.post_title')} {...form.bind('title')} />
        <div className="field">
          <label htmlFor="admin-post-body">{t('admin.post_body')}</label>
          <textarea
            id="admin-post-body"
            name="body"
            rows={4}
            value={form.values.body}
            onChange={(e) => form.set('body')(e.target.value)}
          />
          {form.errors.body?.[0] ? <div className="field__error">{form.errors.body[0]}</div> : null}
        </div>
        <Button loading={form.busy}>{t('admin.publish')}</Button>
      </form>
      <ul className="admin-posts">
        {list.map((post) => (
          <li key={post.id} data-post={post.id} data-published={post.published}>
            <div>
              <strong>{post.title}</strong>
              {post.published ? null : (
                <span className="badge badge--danger">{t('admin.hidden')}</span>
              )}
              <div className="admin-muted">
                {post.author ?? '—'} · {dateTime(post.created_at, i18n.language)}
              </div>
            </div>
            <div className="button-row admin-posts__actions">
              <Button
                type="secondary"
                nativeType="button"
                onClick={() => void postsApi.publish(post.id, !post.published).then(changed)}
              >
                {post.published ? t('admin.hide') : t('admin.show_post')}
              </Button>
              <Button
                type="danger"
                nativeType="button"
                onClick={() => void postsApi.remove(post.id).then(changed)}
              >
                {t('admin.delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
