// The one layout every e-mail shares: the product's name, a heading, the message, an optional
// call-to-action button, and a footer saying why the reader gets it, with the site and contact links.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { Fragment, type ReactNode } from 'react';
import { SITE_NAME } from '../../lib/constants';
import { config } from '../config';

/** An absolute link to a page of the site. */
export const siteLink = (path = '/') => `${config.siteUrl}${path}`;

interface Action {
  label: string;
  href: string;
}

interface LayoutProps {
  /** The line mail clients show next to the subject. */
  preview: string;
  heading: string;
  /** Why the reader gets this e-mail, completing "You are receiving this e-mail because ...". */
  reason: string;
  action?: Action;
  children: ReactNode;
}

const page = {
  backgroundColor: '#f4f4f5',
  fontFamily: 'Inter, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  margin: 0,
  padding: '24px 0',
};
const card = { backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '560px', margin: '0 auto', padding: '32px' };
const brand = {
  display: 'block',
  color: '#4f46e5',
  fontSize: '14px',
  fontWeight: 700,
  letterSpacing: '0.02em',
  margin: '0 0 24px',
  textDecoration: 'none',
};
const title = { color: '#18181b', fontSize: '22px', lineHeight: '30px', margin: '0 0 16px' };
const button = {
  backgroundColor: '#4f46e5',
  borderRadius: '6px',
  color: '#ffffff',
  fontSize: '15px',
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};
const footer = { color: '#71717a', fontSize: '12px', lineHeight: '18px', margin: '0 0 4px' };

export const paragraph = { color: '#27272a', fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' };
const quoteStyle = { ...paragraph, borderLeft: '3px solid #d4d4d8', paddingLeft: '12px' };
const codeStyle = { ...paragraph, fontSize: '28px', fontWeight: 700, letterSpacing: '0.2em' };

/** A code the reader types on the site (a verification or a confirmation code), large and spaced to read off. */
export function Code({ code }: { code: string }) {
  return <Text style={codeStyle}>{code}</Text>;
}

/** Words the reader or an editor wrote (a reason, a message), its line breaks kept in HTML and text. */
export function Quote({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <Text style={quoteStyle}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

export function Greeting({ firstName }: { firstName: string | null | undefined }) {
  return <Text style={paragraph}>Hi {firstName?.trim() || 'there'},</Text>;
}

export function EmailLayout({ preview, heading, reason, action, children }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Link href={siteLink('/')} style={brand}>
            {SITE_NAME}
          </Link>
          <Heading as="h1" style={title}>
            {heading}
          </Heading>
          {children}
          {action && (
            <Section style={{ margin: '8px 0 24px' }}>
              <Button href={action.href} style={button}>
                {action.label}
              </Button>
            </Section>
          )}
          <Hr style={{ borderColor: '#e4e4e7', margin: '24px 0 16px' }} />
          <Text style={footer}>You are receiving this e-mail because {reason}.</Text>
          <Text style={footer}>
            <Link href={siteLink('/')} style={{ color: '#71717a' }}>
              {SITE_NAME}
            </Link>
            {' · '}
            <Link href={siteLink('/contact')} style={{ color: '#71717a' }}>
              Contact us
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
